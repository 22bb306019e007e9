import { describe, expect, it } from 'vitest';
import { currentTab } from './tab-bar-tabs.ts';

describe('currentTab', () => {
  it('marks the tab of the page and of the pages under it', () => {
    expect(currentTab('/')).toBe('home');
    expect(currentTab('/item-list')).toBe('search');
    expect(currentTab('/item-list/Toyota')).toBe('search');
    expect(currentTab('/category/3/Cars')).toBe('search');
    expect(currentTab('/item-entry')).toBe('post');
    expect(currentTab('/chat-list')).toBe('chats');
    expect(currentTab('/chat')).toBe('chats');
    expect(currentTab('/offer-list')).toBe('chats');
    expect(currentTab('/profile')).toBe('account');
    expect(currentTab('/login/phone')).toBe('account');
  });

  it('marks none on a page that belongs to no tab', () => {
    expect(currentTab('/item/bike-12')).toBeNull();
    expect(currentTab('/blog')).toBeNull();
    expect(currentTab('/other-profile/7')).toBeNull();
    expect(currentTab('/chatter')).toBeNull();
    expect(currentTab('/toString')).toBeNull();
  });
});
