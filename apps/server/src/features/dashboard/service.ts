// What other features use of the dashboard: the one road from a team invitation to a role, which the
// mailed invite link (auth) takes too.
export { acceptTeamInvite } from "./invites/service";
