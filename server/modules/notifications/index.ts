export { type IsOnline, registerChatNotices } from './chat-notices.ts';
