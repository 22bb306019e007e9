import type { FastifyInstance } from 'fastify';

export type ApiAnswer = { status: number; body: { message: string; data: Record<string, unknown> } };

/** `/api/v1` calls in English for API tests: `call` answers status and body, `signIn` the bearer token. */
export function apiCalls(app: FastifyInstance) {
  async function call(
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    token?: string,
    payload?: unknown,
  ): Promise<ApiAnswer> {
    const response = await app.inject({
      method,
      url: `/api/v1${url}${url.includes('?') ? '&' : '?'}lang=en`,
      payload: payload as Record<string, unknown> | undefined,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    return { status: response.statusCode, body: response.json() };
  }

  async function signIn(email: string, password = 'souk-demo-2026') {
    const answer = await call('POST', '/auth/login', undefined, {
      user_email: email,
      user_password: password,
      privacy: 'on',
    });
    if (answer.status !== 200) throw new Error(`sign-in failed: ${answer.body.message}`);
    return answer.body.data.token as string;
  }

  return { call, signIn };
}
