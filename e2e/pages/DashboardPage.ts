import type { Page } from "playwright-core";

/**
 * The host dashboard (issue 5 §1): /dash with the user's channels and their events, the 'Create channel'
 * and 'New event' dialogs, and a channel's settings at /dash/channels/{id} (details, avatar, team).
 */
export class DashboardPage {
  constructor(private readonly page: Page) {}

  open() {
    return this.page.goto("/dash");
  }

  openChannelSettings(channelId: number) {
    return this.page.goto(`/dash/channels/${channelId}`);
  }

  heading() {
    return this.page.getByRole("heading", { level: 1 });
  }

  /** Signed-out visitors see this button, which opens the sign-in dialog (?sign_in=true). */
  signInButton() {
    return this.page.getByRole("main").getByRole("button", { name: "Sign in", exact: true });
  }

  dialog() {
    return this.page.getByRole("dialog");
  }

  // --- Channels ---

  createChannelButton() {
    return this.page.getByRole("main").getByRole("button", { name: "Create channel", exact: true }).first();
  }

  channelNameField() {
    return this.dialog().getByLabel("Channel name");
  }

  /** Typed without the '@', which the field shows in front. */
  channelHandleField() {
    return this.dialog().getByLabel("Channel handle");
  }

  submitChannelButton() {
    return this.dialog().getByRole("button", { name: "Create channel", exact: true });
  }

  /** One region per channel, named by the channel's name. */
  channel(name: string) {
    return this.page.getByRole("region", { name, exact: true });
  }

  /** The channel's role badge: 'Owner', 'Admin' or 'Member'. */
  channelRole(channelName: string, role: "Owner" | "Admin" | "Member") {
    return this.channel(channelName).getByText(role, { exact: true });
  }

  newEventButton(channelName: string) {
    return this.channel(channelName).getByRole("button", { name: `New event in ${channelName}` });
  }

  channelSettingsLink(channelName: string) {
    return this.channel(channelName).getByRole("link", { name: `Channel settings in ${channelName}` });
  }

  /** An event row's title links to its editor. */
  eventLink(channelName: string, title: string) {
    return this.channel(channelName).getByRole("link", { name: title, exact: true });
  }

  eventRow(channelName: string, title: string) {
    return this.channel(channelName)
      .getByRole("listitem")
      .filter({ has: this.eventLink(channelName, title) });
  }

  /** 'Live', 'Archived', 'Unlisted', 'Open', 'Registration required', 'Ticketed', 'Membership (Patreon)', 'Password'. */
  eventBadge(channelName: string, title: string, badge: string) {
    return this.eventRow(channelName, title).getByText(badge, { exact: true });
  }

  /** '{n} registered'. */
  eventRegisteredCount(channelName: string, title: string) {
    return this.eventRow(channelName, title).getByText(/\d+ registered/);
  }

  // --- New event dialog ---

  eventTitleField() {
    return this.dialog().getByLabel("Title", { exact: true });
  }

  /** A datetime-local input: fill with 'YYYY-MM-DDTHH:mm', in the chosen time zone. */
  firstSessionField() {
    return this.dialog().getByLabel("First session date and time");
  }

  timeZoneSelect() {
    return this.dialog().getByLabel("Time zone");
  }

  durationField() {
    return this.dialog().getByLabel("Duration (minutes)");
  }

  createEventButton() {
    return this.dialog().getByRole("button", { name: "Create event", exact: true });
  }

  // --- Channel settings ---

  section(name: "Channel details" | "Avatar" | "Team") {
    return this.page.getByRole("region", { name, exact: true });
  }

  settingsNameField() {
    return this.section("Channel details").getByLabel("Channel name");
  }

  settingsDescriptionField() {
    return this.section("Channel details").getByLabel("Description");
  }

  saveChannelButton() {
    return this.section("Channel details").getByRole("button", { name: "Save channel" });
  }

  avatarInput() {
    return this.section("Avatar").getByLabel("Upload a channel avatar");
  }

  avatarProgress() {
    return this.section("Avatar").getByRole("progressbar", { name: "Uploading avatar" });
  }

  teamMembers() {
    return this.section("Team").getByRole("list", { name: "Team members" }).getByRole("listitem");
  }

  /** A select with 'Admin' and 'Member'; the owner has none. */
  memberRoleSelect(memberName: string) {
    return this.section("Team").getByLabel(`Role of ${memberName}`);
  }

  removeMemberButton(memberName: string) {
    return this.section("Team").getByRole("button", { name: `Remove ${memberName}` });
  }

  /** The confirm dialog's own button. */
  confirmRemoveButton() {
    return this.dialog().getByRole("button", { name: "Remove", exact: true });
  }

  inviteEmailField() {
    return this.section("Team").getByLabel("Teammate email");
  }

  inviteRoleSelect() {
    return this.section("Team").getByLabel("Teammate role");
  }

  inviteButton() {
    return this.section("Team").getByRole("button", { name: "Invite teammate" });
  }

  /** A pending invitation's row in the team list, named by its address. */
  inviteRow(email: string) {
    return this.section("Team").getByRole("listitem").filter({ hasText: email });
  }

  resendInviteButton(email: string) {
    return this.section("Team").getByRole("button", { name: `Resend invitation to ${email}` });
  }

  revokeInviteButton(email: string) {
    return this.section("Team").getByRole("button", { name: `Revoke invitation to ${email}` });
  }

  /** On /dash: the signed-in user's own invitations, each with Accept. */
  acceptInviteButton(channelName: string) {
    return this.page
      .getByRole("region", { name: "Invitations" })
      .getByRole("button", { name: `Accept the invitation of ${channelName}` });
  }

  /** Inline errors (role="alert") and confirmations in toasts. */
  message(text: string) {
    return this.page.getByText(text, { exact: true });
  }
}
