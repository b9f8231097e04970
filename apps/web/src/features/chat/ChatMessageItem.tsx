import {
  type ChatMessage,
  firstPreviewLink,
  mayDeleteChatMessage,
  mayEditChatMessage,
} from "@onstage/domain";
import { useState } from "react";
import { LinkPreviewCard } from "../link-preview/LinkPreviewCard";
import { MessageEditor } from "../room-kit/MessageEditor";
import type { ChatViewer } from "../room-kit/roomModule";
import { Reactions } from "./Reactions";

export interface ChatMessageItemProps {
  message: ChatMessage;
  viewer: ChatViewer;
  onEdit: (message: ChatMessage, text: string) => Promise<void>;
  onDelete: (message: ChatMessage) => void;
  onReact: (message: ChatMessage, reaction: string) => void;
}

const timeFormat = new Intl.DateTimeFormat(undefined, { hour: "numeric", minute: "2-digit" });

/**
 * One message. Its text is a React text node: never HTML, and links stay plain text (issue 6 item 7);
 * a signed-in viewer sees its first link's preview card under it (issue 26 §4).
 */
export function ChatMessageItem({ message, viewer, onEdit, onDelete, onReact }: ChatMessageItemProps) {
  const [isEditing, setEditing] = useState(false);
  const canEdit = mayEditChatMessage(viewer.userId, message.userId);
  const canDelete = mayDeleteChatMessage(viewer.userId, message.userId, viewer.flags);
  const author = `${message.user.firstName} ${message.user.lastName}`.trim();
  const link = viewer.userId === null ? null : firstPreviewLink(message.message);
  return (
    <li className="chat-message">
      <div className="chat-message__meta">
        <span className="chat-message__author">{author}</span>
        <time className="chat-message__time" dateTime={message.timestamp}>
          {timeFormat.format(new Date(message.timestamp))}
        </time>
        {message.updatedAt && <span className="chat-message__edited">(edited)</span>}
      </div>
      {isEditing ? (
        <MessageEditor
          text={message.message}
          onSave={(text) => onEdit(message, text)}
          onCancel={() => setEditing(false)}
        />
      ) : (
        <p className="chat-message__text">{message.message}</p>
      )}
      {!isEditing && link && <LinkPreviewCard url={link} />}
      <Reactions
        message={message}
        viewerUserId={viewer.userId}
        canReact={viewer.userId !== null}
        onToggle={(reaction) => onReact(message, reaction)}
      />
      {!isEditing && (canEdit || canDelete) && (
        <div className="chat-message__actions">
          {canEdit && (
            <button type="button" className="chat-message__action" onClick={() => setEditing(true)}>
              Edit
            </button>
          )}
          {canDelete && (
            <button type="button" className="chat-message__action" onClick={() => onDelete(message)}>
              Delete
            </button>
          )}
        </div>
      )}
    </li>
  );
}
