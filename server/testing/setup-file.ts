import { afterAll } from 'vitest';
import { closeEverythingOpened } from './cleanup.ts';

// Runs at the top of every test file, where Vitest honours afterAll.
afterAll(closeEverythingOpened);
