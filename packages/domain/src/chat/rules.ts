import { CHAT_MESSAGE_MAX_LENGTH } from "../constants";
import type { ViewerFlags } from "../roles/rules";
import type { ChatType } from "../vocabulary";

/** Spec 2 §5: chat text is trimmed and nothing is sent when empty; null means 'do not send'. */
export function chatTextToSend(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed.length === 0 || trimmed.length > CHAT_MESSAGE_MAX_LENGTH) return null;
  return trimmed;
}

/** Only the author edits a chat message (as for question comments, spec 2 §6). */
export function mayEditChatMessage(viewerUserId: number | null, authorId: number): boolean {
  return viewerUserId !== null && viewerUserId === authorId;
}

/** The author, or whoever moderates people (spec 2 §6 moderation roles), deletes a chat message. */
export function mayDeleteChatMessage(
  viewerUserId: number | null,
  authorId: number,
  flags: ViewerFlags,
): boolean {
  return mayEditChatMessage(viewerUserId, authorId) || flags.canManagePeople;
}

/** Spec 2 §6: the disable-chat menu is for channel members and studio admins (moderators: clipping only). */
export function mayToggleChat(flags: ViewerFlags): boolean {
  return flags.isOrgMember || flags.isStudioAdmin;
}

/**
 * Spec 2 §2: a disabled chat is hidden from guests; the team keeps it. Writing follows reading:
 * guests cannot post into a disabled chat.
 */
export function mayPostInChat(input: {
  flags: ViewerFlags;
  emailVerified: boolean;
  chatType: ChatType;
  chatDisabled: boolean;
}): "email_not_verified" | "chat_disabled" | null {
  if (!input.emailVerified) return "email_not_verified";
  if (input.chatType === "public" && input.chatDisabled && !input.flags.isTeam) return "chat_disabled";
  return null;
}

/** Spec 1 §4 ban flow: a shadow-banned author's messages are shown to the author only. */
export function isChatMessageVisible(input: {
  viewerUserId: number | null;
  authorId: number;
  authorShadowBanned: boolean;
}): boolean {
  return !input.authorShadowBanned || input.viewerUserId === input.authorId;
}

/** Reactions are single emoji-like tokens: short, no whitespace, no markup. */
export function isValidReaction(reaction: string): boolean {
  return /^[^\s<>"'&]{1,16}$/u.test(reaction);
}
