import { beforeEach, describe, expect, it, vi } from 'vitest';
import { installFetchMock, json, noContent, type FetchMock } from '@/test/fetch-mock';
import { api, ApiError, apiRequest, buildUrl } from './api-client';

describe('api client', () => {
  let server: FetchMock;
  const assign = vi.fn();

  beforeEach(() => {
    server = installFetchMock();
    vi.spyOn(window, 'location', 'get').mockReturnValue({
      ...window.location,
      pathname: '/ctpo/study-plans/12',
      search: '?x=1',
      hash: '#top',
      assign,
    } as Location);
    assign.mockReset();
  });

  it('sends the CSRF header, same-origin credentials and a JSON body', async () => {
    server.on('POST', '/ctpo/favorite', json({ ok: true }, 201));
    await api.post('/ctpo/favorite', { studyId: 1 });
    const [request] = server.requests;
    expect(request?.headers.get('x-predict-csrf')).toBe('1');
    expect(request?.headers.get('content-type')).toBe('application/json');
    expect(request?.credentials).toBe('same-origin');
    expect(request?.body).toEqual({ studyId: 1 });
  });

  it('sends the CSRF header on reads too', async () => {
    server.on('GET', '/ctpo/quickLinks', []);
    await apiRequest('/ctpo/quickLinks');
    expect(server.requests[0]?.headers.get('x-predict-csrf')).toBe('1');
  });

  it('redirects to the server login with the current address on 401', async () => {
    server.on('GET', '/ctpo/studies', json({ error: 'Unauthorized', message: 'Sign in.' }, 401));
    await expect(apiRequest('/ctpo/studies')).rejects.toMatchObject({ status: 401 });
    expect(assign).toHaveBeenCalledWith(
      '/ctpo/auth/login?returnTo=' + encodeURIComponent('/ctpo/study-plans/12?x=1#top'),
    );
  });

  it('stops redirecting after three sign-ins within a minute and reports the loop instead', async () => {
    server.on('GET', '/ctpo/studies', json({ error: 'Unauthorized', message: 'Sign in.' }, 401));
    for (let i = 0; i < 3; i++) {
      await expect(apiRequest('/ctpo/studies')).rejects.toMatchObject({ status: 401, signInLoop: false });
    }
    expect(assign).toHaveBeenCalledTimes(3);
    await expect(apiRequest('/ctpo/studies')).rejects.toMatchObject({ status: 401, signInLoop: true });
    expect(assign).toHaveBeenCalledTimes(3);
  });

  it('throws an ApiError with the message and field messages of the body', async () => {
    server.on(
      'POST',
      '/ctpo/favorite',
      json(
        {
          error: 'Bad Request',
          message: 'The request is not valid.',
          fields: [{ path: 'body.userId', message: "Can't be empty." }],
        },
        400,
      ),
    );
    const error = await api.post('/ctpo/favorite', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      message: 'The request is not valid.',
      fields: [{ path: 'body.userId', message: "Can't be empty." }],
    });
    expect(assign).not.toHaveBeenCalled();
  });

  it('keeps the status text when an error body is not JSON', async () => {
    server.on(
      'GET',
      '/ctpo/health',
      new Response('<html>down</html>', { status: 503, statusText: 'Unavailable' }),
    );
    await expect(apiRequest('/ctpo/health')).rejects.toMatchObject({ status: 503, message: 'Unavailable' });
  });

  it('returns undefined for 204 and leaves empty query values out', async () => {
    server.on('DELETE', '/ctpo/favorite', noContent());
    await expect(
      api.delete('/ctpo/favorite', { studyId: 3, userId: 'a@b.c', x: '' }),
    ).resolves.toBeUndefined();
    expect(server.requests[0]?.path).toBe('/ctpo/favorite?studyId=3&userId=a%40b.c');
  });

  it('builds query strings without empty values', () => {
    expect(buildUrl('/p', { a: '', b: null, c: undefined, d: 0, e: 'x y' })).toBe('/p?d=0&e=x+y');
    expect(buildUrl('/p')).toBe('/p');
  });
});
