/** What can go wrong talking to the api, as the routes need to tell it apart. */

/** The api could not be reached or did not answer in time: a clear page, the session kept. */
export class BackendUnavailable extends Error {
  constructor(override readonly cause: unknown) {
    super('API indisponível');
  }
}

/** The session's tokens could not be renewed (SPEC §4 Session): the person is signed out. */
export class SignedOut extends Error {
  constructor() {
    super('Sessão encerrada');
  }
}
