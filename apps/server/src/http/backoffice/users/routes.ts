import {
  InviteUserSchema,
  StaffUserSchema,
  StaffUsersSchema,
  UpdateUserSchema,
  USERS_PATHS,
  UserParamsSchema,
} from "@alloggio/domain/contract/backoffice/users";
import { z } from "zod";
import type { BackOfficeDeps } from "../../../features/backoffice";
import {
  disableUser,
  enableUser,
  inviteUser,
  listUsers,
  removeUser,
  requireStaff,
  resendInvitation,
  resetUserPassword,
  resetUserSecondFactor,
  updateUser,
} from "../../../features/backoffice";
import type { App } from "../../app-type";
import { BACK_OFFICE_TAG, backOfficeErrors } from "../openapi";

/** The back office's users routes: the owner manages the group's staff. */
export function registerUserRoutes(app: App, deps: BackOfficeDeps): void {
  const tags = [BACK_OFFICE_TAG];
  app.get(
    USERS_PATHS.list,
    {
      schema: {
        tags,
        summary: "The group's staff users, with the group's hotels to choose from (owner)",
        response: { 200: StaffUsersSchema, ...backOfficeErrors },
      },
    },
    async (request) => {
      const staff = await requireStaff(deps, request, "users");
      return listUsers(deps.database.db, staff.groupId);
    },
  );
  app.post(
    USERS_PATHS.list,
    {
      schema: {
        tags,
        summary: "Invite a staff user: created without a password, an invitation link (72 h) mailed (owner)",
        body: InviteUserSchema,
        response: { 201: StaffUserSchema, ...backOfficeErrors },
      },
    },
    async (request, reply) => {
      const staff = await requireStaff(deps, request, "users");
      const user = await inviteUser(deps, staff, request.body, await deps.linkBase(request));
      return reply.code(201).send(user);
    },
  );
  app.patch(
    USERS_PATHS.one,
    {
      schema: {
        tags,
        summary: "Change a staff user's name, role, hotels or language (owner)",
        params: UserParamsSchema,
        body: UpdateUserSchema,
        response: { 200: StaffUserSchema, ...backOfficeErrors },
      },
    },
    async (request) => {
      const staff = await requireStaff(deps, request, "users");
      return updateUser(deps, staff, request.params.userId, request.body);
    },
  );
  app.post(
    USERS_PATHS.disable,
    {
      schema: {
        tags,
        summary: "Disable a staff user: their sessions end at once (owner)",
        params: UserParamsSchema,
        response: { 200: StaffUserSchema, ...backOfficeErrors },
      },
    },
    async (request) => {
      const staff = await requireStaff(deps, request, "users");
      return disableUser(deps, staff, request.params.userId);
    },
  );
  app.post(
    USERS_PATHS.enable,
    {
      schema: {
        tags,
        summary: "Enable a disabled staff user again (owner)",
        params: UserParamsSchema,
        response: { 200: StaffUserSchema, ...backOfficeErrors },
      },
    },
    async (request) => {
      const staff = await requireStaff(deps, request, "users");
      return enableUser(deps, staff, request.params.userId);
    },
  );
  app.post(
    USERS_PATHS.resend,
    {
      schema: {
        tags,
        summary: "Mail a new invitation link to a user who has not set a password yet (owner)",
        params: UserParamsSchema,
        response: { 200: StaffUserSchema, ...backOfficeErrors },
      },
    },
    async (request) => {
      const staff = await requireStaff(deps, request, "users");
      return resendInvitation(deps, staff, request.params.userId, await deps.linkBase(request));
    },
  );
  app.post(
    USERS_PATHS.resetPassword,
    {
      schema: {
        tags,
        summary:
          "Reset a user's password: their sessions end and a single-use link (30 minutes) is mailed to them (owner, audited)",
        params: UserParamsSchema,
        response: { 200: StaffUserSchema, ...backOfficeErrors },
      },
    },
    async (request) => {
      const staff = await requireStaff(deps, request, "users");
      return resetUserPassword(deps, staff, request.params.userId, await deps.linkBase(request));
    },
  );
  app.post(
    USERS_PATHS.resetSecondFactor,
    {
      schema: {
        tags,
        summary:
          "Turn a user's second factor off (a lost phone): codes removed, sessions ended, the user told by mail (owner, audited)",
        params: UserParamsSchema,
        response: { 200: StaffUserSchema, ...backOfficeErrors },
      },
    },
    async (request) => {
      const staff = await requireStaff(deps, request, "users");
      return resetUserSecondFactor(deps, staff, request.params.userId, await deps.linkBase(request));
    },
  );
  app.delete(
    USERS_PATHS.one,
    {
      schema: {
        tags,
        summary: "Remove a staff user for good (owner)",
        params: UserParamsSchema,
        response: { 204: z.null().describe("Removed"), ...backOfficeErrors },
      },
    },
    async (request, reply) => {
      const staff = await requireStaff(deps, request, "users");
      await removeUser(deps, staff, request.params.userId);
      return reply.code(204).send(null);
    },
  );
}
