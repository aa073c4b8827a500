/**
 * The address after a zip-code lookup, from what the form holds and what the provider answered. A
 * whole-city CEP answers no street or neighbourhood: the ones typed stay when no city was there yet or
 * it is the same one (the person typed them for this city), and are cleared when the lookup moved to
 * another city, so that no street of the old city is saved under the new one.
 */
export type CepAddress = { street: string; neighborhood: string; city: string; state: string };

export function addressAfterCep(current: CepAddress, found: CepAddress): CepAddress {
  const sameCity =
    current.city.trim() === '' ||
    (current.city.trim().toLowerCase() === found.city.trim().toLowerCase() &&
      current.state.trim().toUpperCase() === found.state.trim().toUpperCase());
  return {
    street: found.street || (sameCity ? current.street : ''),
    neighborhood: found.neighborhood || (sameCity ? current.neighborhood : ''),
    city: found.city,
    state: found.state,
  };
}
