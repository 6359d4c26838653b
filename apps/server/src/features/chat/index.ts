/** The chat feature's public face: what the HTTP layer, the jobs and other features may use. */
export { renderChatReplyMail } from "./mails";
export { CHAT_REPLY_MAIL_AFTER_MINUTES, mailChatReplies, mailDueChatReplies } from "./reply-mails";
export {
  CHAT_COOKIE,
  CHAT_COOKIE_DAYS,
  chatCookiePath,
  hotelUnread,
  listConversations,
  openConversation,
  postOfferChat,
  postSiteChat,
  readOfferChat,
  readSiteChat,
  replyToConversation,
} from "./service";
