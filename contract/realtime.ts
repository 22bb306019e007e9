import { z } from 'zod';
import { clientIdSchema, messageTextSchema } from './chat.ts';
import { userIdSchema } from './ids.ts';

export {
  HEARTBEAT_SECONDS,
  MAX_CLIENT_FRAME_BYTES,
  REALTIME_PATH,
  type ServerFrame,
  TYPING_SIGNAL_EVERY_MS,
} from './realtime-socket.ts';

/** Frames a client sends. */
export const clientFrameSchema = z.discriminatedUnion('t', [
  z.object({ t: z.literal('ping') }),
  z.object({ t: z.literal('send'), chat_id: z.uuid(), client_id: clientIdSchema, message: messageTextSchema }),
  z.object({ t: z.literal('typing'), chat_id: z.uuid() }),
  z.object({ t: z.literal('read'), chat_id: z.uuid() }),
  z.object({ t: z.literal('watch'), user_id: userIdSchema }),
]);
export type ClientFrame = z.infer<typeof clientFrameSchema>;
