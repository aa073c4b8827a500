/** SPEC §7 Users and profile calls. */

import type { ProfileChange, SessionUser } from '../../contract/sessions.ts';
import type { ApiResult, Backend } from './client.ts';

export function updateProfile(backend: Backend, body: ProfileChange): Promise<ApiResult<SessionUser>> {
  return backend.call<SessionUser>('PUT', '/profile', { body });
}

export function createManager(
  backend: Backend,
  body: { admin_password: string; origin: number; username: string; password: string },
): Promise<ApiResult<SessionUser>> {
  return backend.call<SessionUser>('POST', '/users', { body: { ...body, authority_level: 100 } });
}

export function createEmployee(
  backend: Backend,
  body: { origin: number; username: string; password: string },
): Promise<ApiResult<SessionUser>> {
  return backend.call<SessionUser>('POST', '/employees', { body });
}
