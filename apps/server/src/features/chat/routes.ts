import {
  ChatMessageResponse,
  ChatMessagesQuery,
  ChatMessagesResponse,
  ChatReactionRequest,
  DeleteChatMessageRequest,
  EditChatMessageRequest,
  OkResponse,
  SendChatMessageRequest,
  ToggleChatRequest,
} from "@onstage/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireViewer } from "../../kernel/identity/viewer";
import type { FeatureDeps } from "../deps";
import { chatService } from "./service";

const tags = ["chat"];
const OK = { ok: true as const };

/** The writer is the signed-in user from the session cookie, never a field of the body. */
export function chatRoutes(deps: FeatureDeps): FastifyPluginAsyncZod {
  const chat = chatService(deps);
  return async (app) => {
    // Writes need a signed-in user before anything else: an anonymous caller learns nothing.
    app.addHook("preValidation", async (req) => {
      if (req.method !== "GET") requireViewer(req);
    });

    app.get(
      "/api/chat/messages",
      {
        schema: {
          tags,
          summary: "Chat history, newest first, with reactions and the chat topic's sequence (spec 2 §7)",
          querystring: ChatMessagesQuery,
          response: { 200: ChatMessagesResponse },
        },
      },
      async (req) => chat.history(req.viewerUserId, req.query, req.browserKey),
    );

    app.post(
      "/api/chat/messages",
      {
        schema: {
          tags,
          summary: "Send a chat message (trimmed; verified e-mail; flood limited)",
          body: SendChatMessageRequest,
          response: { 201: ChatMessageResponse },
        },
      },
      async (req, reply) => {
        const message = await chat.send(requireViewer(req), req.body);
        reply.code(201);
        return { message };
      },
    );

    app.post(
      "/api/chat/messages/edit",
      {
        schema: {
          tags,
          summary: "Edit your own chat message",
          body: EditChatMessageRequest,
          response: { 200: ChatMessageResponse },
        },
      },
      async (req) => ({ message: await chat.edit(requireViewer(req), req.body) }),
    );

    app.post(
      "/api/chat/messages/delete",
      {
        schema: {
          tags,
          summary: "Delete a chat message (its author, or whoever manages people)",
          body: DeleteChatMessageRequest,
          response: { 200: OkResponse },
        },
      },
      async (req) => {
        await chat.remove(requireViewer(req), req.body.id);
        return OK;
      },
    );

    app.post(
      "/api/chat/reactions",
      {
        schema: {
          tags,
          summary: "Add your reaction to a chat message",
          body: ChatReactionRequest,
          response: { 200: OkResponse },
        },
      },
      async (req) => {
        await chat.react(requireViewer(req), req.body, true);
        return OK;
      },
    );

    app.post(
      "/api/chat/reactions/delete",
      {
        schema: {
          tags,
          summary: "Remove your reaction from a chat message",
          body: ChatReactionRequest,
          response: { 200: OkResponse },
        },
      },
      async (req) => {
        await chat.react(requireViewer(req), req.body, false);
        return OK;
      },
    );

    app.post(
      "/api/video-session/toggle-chat",
      {
        schema: {
          tags,
          summary: "Disable or enable the session's public chat (spec 2 §7)",
          body: ToggleChatRequest,
          response: { 200: OkResponse },
        },
      },
      async (req) => {
        await chat.toggleChat(requireViewer(req), req.body);
        return OK;
      },
    );
  };
}
