import { beforeAll, describe, expect, it } from 'vitest';
import { ratings } from '../../testing/tables.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { summarizeRatings } from './service.ts';

describe('rating summary', () => {
  it('gives counts and percents per star, the total and the average', () => {
    const summary = summarizeRatings([
      { rating: 5, count: 3 },
      { rating: 4, count: 1 },
      { rating: 1, count: 1 },
    ]);
    expect(summary).toMatchObject({
      total_rating_count: 5,
      total_rating_value: 4,
      five_star_count: 3,
      five_star_percent: 60,
      four_star_percent: 20,
      three_star_count: 0,
      three_star_percent: 0,
      one_star_percent: 20,
    });
  });

  it('is all zeros for someone nobody rated', () => {
    expect(summarizeRatings([])).toMatchObject({ total_rating_count: 0, total_rating_value: 0, five_star_percent: 0 });
  });
});

describe('a profile', () => {
  const { app, db } = useTestApp();
  beforeAll(async () => {
    await db.insert(ratings).values([
      { fromUserId: 'demo-user-02', toUserId: 'demo-user-07', rating: 5, title: 'Great', message: 'On time.' },
      { fromUserId: 'demo-user-03', toUserId: 'demo-user-07', rating: 4 },
    ]);
  });

  it('shows the ratings the account received', async () => {
    const response = await app.inject({ url: '/api/v1/users/demo-user-07?lang=en' });
    expect(response.json().data.rating_details).toMatchObject({
      total_rating_count: 2,
      total_rating_value: 4.5,
      five_star_count: 1,
      four_star_count: 1,
    });
  });
});
