/**
 * Admin's sign-in, profile and staff calls: logging in and out, the session's refresh, the
 * profile, sub-users and passwords, and profile pictures.
 */
import { z } from 'zod';
import { messageSchema } from '../api/common.ts';
import type { RouteTable } from '../api/route-table.ts';
import { accountCreateBody, accountUpdateBody } from './accounts.ts';
import {
  changeOwnPasswordSchema,
  changeSubUserPasswordSchema,
  createSubUserSchema,
  loginBody,
  updateSubUserSchema,
} from './requests.ts';
import {
  accountSchema,
  parentDataSchema,
  passwordChangedSchema,
  pictureAnswerSchema,
  profileSchema,
  refreshAnswerSchema,
  sessionTokenSchema,
  subUserSchema,
} from './responses.ts';
import { auth, idParams, missing, ok, users } from './route-parts.ts';

export const SIGN_IN_ROUTES = [
  {
    ...auth,
    access: 'public',
    method: 'post',
    path: '/api/login',
    summary: 'Sign in with e-mail and password',
    description:
      'Answers an access token (10 minutes) and sets the rotating refresh cookie. Failures never say whether the e-mail exists; repeated failures answer 429 with `Retry-After`.',
    body: loginBody,
    responses: {
      ...ok(sessionTokenSchema),
      401: {
        description: 'Wrong e-mail or password (`code` says which kind of failure, never which field).',
      },
      429: {
        description: 'Too many sign-in attempts from this address; `Retry-After` says when to try again.',
      },
    },
    spec: '01 §7',
  },
  {
    ...auth,
    access: 'public',
    method: 'post',
    path: '/api/auth/refresh',
    summary: 'A new access token from the refresh cookie (the cookie rotates)',
    responses: {
      ...ok(refreshAnswerSchema, 'A new token, or `{authenticated: false}` when no cookie was sent'),
      401: { description: 'The session ended (`code: session_ended`, `reason`).' },
    },
  },
  {
    ...auth,
    access: 'public',
    method: 'post',
    path: '/api/auth/logout',
    summary: 'Sign out this session (the refresh cookie names it)',
    responses: ok(messageSchema),
  },
  {
    ...auth,
    access: 'public',
    method: 'post',
    path: '/api/logout',
    summary: "Sign out (the spec's path; browsers send the cookie only to /api/auth/logout)",
    responses: ok(messageSchema),
  },
] as const satisfies RouteTable;

export const PROFILE_ROUTES = [
  {
    ...users,
    access: 'signed-in',
    method: 'get',
    path: '/api/users/profile',
    summary: 'Who is signed in: role, permissions, hall',
    responses: ok(profileSchema),
    spec: '01 §7',
  },
  {
    ...users,
    access: 'signed-in',
    method: 'get',
    path: '/api/users/parent-data/{parentUserId}',
    summary: "A sub-user's hall owner (hall name)",
    params: idParams('parentUserId'),
    responses: { ...ok(parentDataSchema), ...missing('hall owner') },
    spec: '01 §7',
  },
] as const satisfies RouteTable;

/** Accounts and sub-users, passwords and profile pictures. */
export const STAFF_ROUTES = [
  {
    ...users,
    access: 'signed-in',
    method: 'post',
    path: '/api/users/log-password-change',
    summary: 'The settings screen reports a password change (audited unless the server saw it)',
    responses: { 204: { description: 'Recorded' } },
    spec: '01 §7',
  },
  {
    ...users,
    access: 'signed-in',
    method: 'post',
    path: '/api/users/change-password',
    summary: 'Change your own password (other sessions end; this one gets fresh tokens)',
    body: changeOwnPasswordSchema,
    responses: ok(passwordChangedSchema),
  },
  {
    ...users,
    access: 'super-admin or owner',
    method: 'get',
    path: '/api/users',
    summary: "Accounts: every hall owner and super admin (super admin), or the owner's sub-users",
    responses: ok(z.array(accountSchema)),
    spec: '01 §7',
  },
  {
    ...users,
    access: 'super-admin or owner',
    method: 'post',
    path: '/api/users',
    summary: 'Create an account (super admin) or a sub-user (hall owner)',
    body: z.union([accountCreateBody, createSubUserSchema]),
    responses: {
      201: { description: 'Created', schema: z.union([accountSchema, subUserSchema]) },
      409: { description: 'The e-mail is already in use.' },
    },
    spec: '01 §7',
  },
  {
    ...users,
    access: 'super-admin',
    method: 'put',
    path: '/api/users/{id}',
    summary: 'Edit an account, or deactivate / reactivate it with `{status}` alone',
    params: idParams('id'),
    body: accountUpdateBody,
    responses: { ...ok(accountSchema), ...missing('account') },
    spec: '01 §7',
  },
  {
    ...users,
    access: 'super-admin or owner',
    method: 'delete',
    path: '/api/users/{id}',
    summary: 'Delete an account (super admin) or a sub-user (its hall owner)',
    params: idParams('id'),
    responses: { ...ok(messageSchema), ...missing('account') },
    spec: '01 §7',
  },
  {
    ...users,
    access: 'owner',
    method: 'get',
    path: '/api/users/sub-users/{userId}',
    summary: "The owner's sub-users (Roles & Permissions)",
    params: z.object({ userId: z.string().meta({ description: "The hall owner's id (your own)." }) }),
    responses: ok(z.array(subUserSchema)),
    spec: '01 §7',
  },
  {
    ...users,
    access: 'owner',
    method: 'put',
    // The spec writes {subUserId}; the parameter has GET's name, since two paths that differ only
    // by a parameter's name are one path to OpenAPI (and to a generated client).
    path: '/api/users/sub-users/{userId}',
    summary: "Edit a sub-user's name, permissions or status",
    params: z.object({ userId: z.string().meta({ description: "The sub-user's id." }) }),
    body: updateSubUserSchema,
    responses: { ...ok(subUserSchema), ...missing('sub-user') },
    spec: '01 §7',
  },
  {
    ...users,
    access: 'owner',
    method: 'put',
    path: '/api/users/change-sub-user-password',
    summary: "Set a sub-user's password (their sessions end)",
    body: changeSubUserPasswordSchema,
    responses: { ...ok(messageSchema), ...missing('sub-user') },
    spec: '01 §7',
  },
  {
    ...users,
    access: 'signed-in',
    method: 'post',
    path: '/api/users/upload-profile-picture',
    summary: 'Upload a profile picture (checked by content, 5 MB, re-encoded without metadata)',
    bodyType: 'multipart',
    body: z.object({ profilePicture: z.string().meta({ format: 'binary', description: 'The image file.' }) }),
    responses: { ...ok(pictureAnswerSchema), 413: { description: 'Larger than 5 MB.' } },
    spec: '01 §7',
  },
  {
    ...users,
    access: 'signed-in',
    method: 'delete',
    path: '/api/users/delete-profile-picture',
    summary: 'Remove the profile picture',
    responses: ok(pictureAnswerSchema),
    spec: '01 §7',
  },
  {
    ...users,
    access: 'signed-in',
    method: 'get',
    path: '/api/files/profile-pictures/{file}',
    summary: 'A profile picture (of the caller, their venue, or any for the super admin)',
    params: z.object({ file: z.string() }),
    responses: { 200: { description: 'The image', contentType: 'image/webp' }, ...missing('picture') },
  },
] as const satisfies RouteTable;
