/** The usual start of an api test file: a fresh api with the seeded manager and one employee signed in. */
import type { DbKind } from '../../api/db/connect.ts';
import {
  type ApiReply,
  apiCall,
  apiLogin,
  createEmployee,
  MANAGER,
  startTestApi,
  type TestApi,
} from './api.ts';

/** A session the api handed out (token, refresh token and user). */
export type Session = Awaited<ReturnType<typeof apiLogin>>;

export type ApiWithStaff = {
  api: TestApi;
  manager: Session;
  staff: { username: string; password: string };
  employee: Session;
};

/** Starts the api on `kind`, signs the manager in, creates the employee `username` and signs it in. */
export async function startApiWithStaff(
  kind: DbKind,
  username: string,
  password: string,
): Promise<ApiWithStaff> {
  const api = await startTestApi(kind);
  const manager = await apiLogin(api, MANAGER.username, MANAGER.password);
  const staff = await createEmployee(api, username, password);
  const employee = await apiLogin(api, staff.username, staff.password);
  return { api, manager, staff, employee };
}

/** A test file's `send`: one JSON call to the api that `current` returns once its beforeAll has run. */
export function senderTo(current: () => { url: string }) {
  return (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    token: string | null,
    body?: unknown,
  ): Promise<ApiReply> => apiCall(current(), method, path, token, body);
}
