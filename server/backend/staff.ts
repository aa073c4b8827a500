/** The staff list and turning an account off or on (our api; a SPEC-only backend answers 404). */
import type { ApiResult, Backend } from './client.ts';

export type StaffMember = {
  id: number;
  username: string;
  authority_level: number;
  origin: number;
  active: boolean;
};

export function listStaff(backend: Backend): Promise<ApiResult<StaffMember[]>> {
  return backend.call<StaffMember[]>('GET', '/users');
}

/** One page of the staff list and how many users there are, `{ items, total }`. */
export function listStaffPage(
  backend: Backend,
  page: { limit: number; offset: number },
): Promise<ApiResult<unknown>> {
  return backend.call<unknown>('GET', '/users', { query: page, extra: true });
}

export function setStaffActive(
  backend: Backend,
  id: number,
  active: boolean,
): Promise<ApiResult<StaffMember>> {
  return backend.call<StaffMember>('PUT', `/users/${id}/active`, { body: { active } });
}
