import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../../contract/chat.ts';
import {
  mergeMessages,
  otherParticipant,
  type PendingMessage,
  stillPending,
  withoutPending,
  withPendingError,
} from './use-conversation-lists.ts';

const message = (id: string, seq: number, client_id: string | null = null): ChatMessage => ({
  id,
  seq,
  chat_id: 'chat',
  sender_id: 'buyer',
  type: 0,
  message: `text ${id}`,
  offer_amount: null,
  image_url: null,
  client_id,
  added_date: '2025-01-01T00:00:00.000Z',
});

const pending = (client_id: string, error: string | null = null): PendingMessage => ({
  client_id,
  message: `text ${client_id}`,
  error,
});

describe('the messages of a conversation', () => {
  it('keeps each message once, in the order of the conversation, the newest copy winning', () => {
    const edited = { ...message('b', 2), message: 'again' };
    const merged = mergeMessages([message('a', 1), message('c', 3)], [edited, message('a', 1), message('b', 2)]);
    expect(merged.map((each) => [each.id, each.seq])).toEqual([
      ['a', 1],
      ['b', 2],
      ['c', 3],
    ]);
    expect(mergeMessages([], [message('z', 9), message('y', 4)]).map((each) => each.id)).toEqual(['y', 'z']);
  });

  it('drops the texts on their way once the server sent its copy back', () => {
    const waiting = [pending('one'), pending('two'), pending('three')];
    expect(stillPending(waiting, [message('m', 5, 'two'), message('n', 6)])).toEqual([
      pending('one'),
      pending('three'),
    ]);
    expect(withoutPending(waiting, 'one')).toEqual([pending('two'), pending('three')]);
  });

  it('marks the refused text only', () => {
    expect(withPendingError([pending('one'), pending('two')], 'two', 'Too long')).toEqual([
      pending('one'),
      pending('two', 'Too long'),
    ]);
  });

  it('names the other side for the buyer and for the seller', () => {
    const chat = { buyer_user_id: 'buyer', seller_user_id: 'seller' };
    expect(otherParticipant(chat, 'buyer')).toBe('seller');
    expect(otherParticipant(chat, 'seller')).toBe('buyer');
  });
});
