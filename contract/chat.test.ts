import { describe, expect, it } from 'vitest';
import { messageConcerns } from './chat.ts';

describe('the chat warning banner', () => {
  it('notices contact details, links and payment outside the platform', () => {
    expect(messageConcerns('Call me on +966 55 123 4567')).toEqual(['contact']);
    expect(messageConcerns('write to seller@example.com')).toEqual(['contact']);
    expect(messageConcerns('see https://example.org/deal')).toEqual(['link']);
    expect(messageConcerns('Pay by Western Union first')).toEqual(['payment']);
    expect(messageConcerns('حول المبلغ عن طريق تحويل بنكي')).toEqual(['payment']);
  });

  it('leaves ordinary messages alone, prices and years included', () => {
    expect(messageConcerns('Is it still available? I can pay 1500 on Saturday.')).toEqual([]);
    expect(messageConcerns('Model 2019, 120000 km')).toEqual([]);
  });
});
