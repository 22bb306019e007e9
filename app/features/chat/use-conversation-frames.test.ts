import { describe, expect, it, vi } from 'vitest';
import type { ChatMessage, ChatState } from '../../../contract/chat.ts';
import type { ServerFrame } from '../../../contract/realtime.ts';
import { type ConversationFrameHandlers, routeConversationFrame } from './use-conversation-frames.ts';

const conversation = { chatId: 'this-chat', otherId: 'seller' };
const message = (chat_id: string) => ({ id: 'm1', chat_id, client_id: 'c1' }) as ChatMessage;
const chat = (id: string) => ({ id }) as ChatState;

function handlers(): ConversationFrameHandlers {
  return {
    message: vi.fn(),
    acknowledged: vi.fn(),
    state: vi.fn(),
    typing: vi.fn(),
    presence: vi.fn(),
    refused: vi.fn(),
  };
}

/** The handlers called for a frame, with their arguments. */
function calls(frame: ServerFrame) {
  const on = handlers();
  routeConversationFrame(frame, conversation, on);
  return Object.entries(on).flatMap(([name, handler]) =>
    vi.mocked(handler).mock.calls.map((args: unknown[]) => [name, ...args]),
  );
}

describe('the frames a conversation listens to', () => {
  it('takes the messages, states and typing of this conversation only', () => {
    expect(calls({ t: 'message', message: message('this-chat'), chat: chat('this-chat') })).toEqual([
      ['message', message('this-chat'), chat('this-chat')],
    ]);
    expect(calls({ t: 'message', message: message('other-chat'), chat: chat('other-chat') })).toEqual([]);
    expect(calls({ t: 'chat', chat: chat('this-chat') })).toEqual([['state', chat('this-chat')]]);
    expect(calls({ t: 'chat', chat: chat('other-chat') })).toEqual([]);
    expect(calls({ t: 'typing', chat_id: 'this-chat', user_id: 'seller' })).toEqual([['typing']]);
    expect(calls({ t: 'typing', chat_id: 'other-chat', user_id: 'seller' })).toEqual([]);
  });

  it('takes every acknowledgement of a text this tab sent', () => {
    expect(calls({ t: 'ack', client_id: 'c1', message: message('other-chat') })).toEqual([
      ['acknowledged', message('other-chat')],
    ]);
  });

  it("follows the other side's presence only", () => {
    expect(calls({ t: 'presence', user_id: 'seller', online: true })).toEqual([['presence', true]]);
    expect(calls({ t: 'presence', user_id: 'someone-else', online: true })).toEqual([]);
  });

  it('marks a refused text; an error about no text is not for the conversation', () => {
    expect(calls({ t: 'error', client_id: 'c1', code: 400, message: 'Too long' })).toEqual([
      ['refused', 'c1', 'Too long'],
    ]);
    expect(calls({ t: 'error', code: 429, message: 'Slow down' })).toEqual([]);
  });

  it('ignores the frames of the connection itself', () => {
    expect(calls({ t: 'pong' })).toEqual([]);
    expect(calls({ t: 'ready', notice_count: 0, user_id: 'buyer', unread_count: 2 })).toEqual([]);
    expect(calls({ t: 'unread', unread_count: 3 })).toEqual([]);
  });
});
