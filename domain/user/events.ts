/**
 * Zod schemas of the User aggregate's event data (domain/user/user.ts UserEvent), for the readers of stored events
 * (domain/shared/events.ts).
 */
import { z } from 'zod';
import { type EventDataSchemas, eventParser } from '../shared/events.js';
import { ROLES } from './permissions.js';
import { MAIL_LANGUAGES, type UserEvent } from './user.js';

const role = z.enum(ROLES);
const userId = z.string();

export const USER_EVENT_SCHEMAS: EventDataSchemas<UserEvent> = {
  // `email` is optional: UserCreated events written before staff e-mail addresses existed have none.
  UserCreated: z.object({ userId, username: z.string(), passwordHash: z.string(), roles: z.array(role), createdAt: z.string(), email: z.string().optional() }),
  UserEmailChanged: z.object({ userId, email: z.string().nullable() }),
  PasswordResetRequested: z.object({ userId, email: z.string(), language: z.enum(MAIL_LANGUAGES), requestedAt: z.string() }),
  PasswordChanged: z.object({ userId, passwordHash: z.string(), changedAt: z.string() }),
  RoleGranted: z.object({ userId, role }),
  RoleRevoked: z.object({ userId, role }),
  UserDeactivated: z.object({ userId }),
  UserReactivated: z.object({ userId }),
  UserSignedIn: z.object({ userId, at: z.string() }),
};

/** @throws MalformedEventError (domain/shared/events.ts) */
export const parseUserEvent = eventParser<UserEvent>(USER_EVENT_SCHEMAS);
