import {
  InviteUserSchema,
  StaffUserSchema,
  StaffUsersSchema,
  UpdateUserSchema,
  USERS_PATHS,
  UserParamsSchema,
} from "@alloggio/domain/contract/backoffice/users";
import type { BackOfficeDeps } from "../../../features/backoffice";
import {
  disableUser,
  enableUser,
  inviteUser,
  listUsers,
  removeUser,
  resendInvitation,
  resetUserPassword,
  resetUserSecondFactor,
  updateUser,
} from "../../../features/backoffice";
import type { App } from "../../app-type";
import { staffRoutes } from "../staff-routes";

/** The back office's users routes: the owner manages the group's staff. */
export function registerUserRoutes(app: App, deps: BackOfficeDeps): void {
  const route = staffRoutes(app, deps, "users");
  route.get(
    USERS_PATHS.list,
    {
      summary: "The group's staff users, with the group's hotels to choose from (owner)",
      answer: StaffUsersSchema,
    },
    ({ staff }) => listUsers(deps.database.db, staff.groupId),
  );
  route.post(
    USERS_PATHS.list,
    {
      summary: "Invite a staff user: created without a password, an invitation link (72 h) mailed (owner)",
      body: InviteUserSchema,
      created: StaffUserSchema,
    },
    async ({ staff, body, request }) => inviteUser(deps, staff, body, await deps.linkBase(request)),
  );
  route.patch(
    USERS_PATHS.one,
    {
      summary: "Change a staff user's name, role, hotels or language (owner)",
      params: UserParamsSchema,
      body: UpdateUserSchema,
      answer: StaffUserSchema,
    },
    ({ staff, params, body }) => updateUser(deps, staff, params.userId, body),
  );
  route.post(
    USERS_PATHS.disable,
    {
      summary: "Disable a staff user: their sessions end at once (owner)",
      params: UserParamsSchema,
      answer: StaffUserSchema,
    },
    ({ staff, params }) => disableUser(deps, staff, params.userId),
  );
  route.post(
    USERS_PATHS.enable,
    {
      summary: "Enable a disabled staff user again (owner)",
      params: UserParamsSchema,
      answer: StaffUserSchema,
    },
    ({ staff, params }) => enableUser(deps, staff, params.userId),
  );
  /** A change to one user that mails them a link. */
  const mailing = (url: string, summary: string, change: typeof resendInvitation) =>
    route.post(
      url,
      { summary, params: UserParamsSchema, answer: StaffUserSchema },
      async ({ staff, params, request }) => change(deps, staff, params.userId, await deps.linkBase(request)),
    );
  mailing(
    USERS_PATHS.resend,
    "Mail a new invitation link to a user who has not set a password yet (owner)",
    resendInvitation,
  );
  mailing(
    USERS_PATHS.resetPassword,
    "Reset a user's password: their sessions end and a single-use link (30 minutes) is mailed to them (owner, audited)",
    resetUserPassword,
  );
  mailing(
    USERS_PATHS.resetSecondFactor,
    "Turn a user's second factor off (a lost phone): codes removed, sessions ended, the user told by mail (owner, audited)",
    resetUserSecondFactor,
  );
  route.delete(
    USERS_PATHS.one,
    { summary: "Remove a staff user for good (owner)", params: UserParamsSchema, answer: "Removed" },
    ({ staff, params }) => removeUser(deps, staff, params.userId),
  );
}
