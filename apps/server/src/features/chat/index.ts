/** The chat feature's public face: what the HTTP layer, the jobs and other features may use. */
export { renderChatReplyMail } from "./mails";
export {
  hotelUnread,
  listConversations,
  openConversation,
  postOfferChat,
  postSiteChat,
  readOfferChat,
  readSiteChat,
  replyToConversation,
} from "./service";
