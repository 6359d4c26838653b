/** The timed chat reply mails: the use case is the chat feature's. */
export { CHAT_REPLY_MAIL_AFTER_MINUTES, mailChatReplies, mailDueChatReplies } from "../features/chat";
