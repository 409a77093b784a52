import { describe, expect, it } from 'vitest';
import {
  authErrorMessage,
  campaignErrorMessage,
  eventErrorMessage,
  globalErrorMessage,
  retryDelayMs,
  shouldClearSession,
  shouldRetry,
  shouldToastError,
  type RequestFailure,
} from './http';

const reply = (status: number, message?: string): RequestFailure => ({ kind: 'response', status, message });

describe('globalErrorMessage', () => {
  it.each<[RequestFailure, string]>([
    [reply(404, 'Nope'), 'Resource not found'],
    [reply(500, 'Boom'), 'Internal server error. Please try again later.'],
    [reply(422, 'Title is too long'), 'Title is too long'],
    [reply(502), 'Server error (502)'],
    [reply(400, '  '), 'Server error (400)'],
    [{ kind: 'timeout' }, 'Request timed out. Please try again.'],
    [{ kind: 'network' }, 'Network error. Please check your internet connection.'],
    [{ kind: 'other', message: 'x' }, 'Something went wrong. Please try again.'],
  ])('%j → %s', (failure, message) => {
    expect(globalErrorMessage(failure)).toBe(message);
  });

  it.each<[RequestFailure, boolean, boolean]>([
    [reply(404), false, false],
    [reply(401), false, true],
    [reply(403), true, false],
    [reply(500), true, false],
    [{ kind: 'network' }, true, false],
  ])('%j: toast %s, clear session %s', (failure, toast, clear) => {
    expect(shouldToastError(failure)).toBe(toast);
    expect(shouldClearSession(failure)).toBe(clear);
  });
});

describe('authErrorMessage', () => {
  it.each<[RequestFailure, string]>([
    [reply(400, 'Username missing'), 'Username missing'],
    [reply(400), 'Invalid request'],
    [reply(401, 'whatever'), 'Invalid credentials'],
    [reply(403), 'Access denied'],
    [reply(404), 'User not found'],
    [reply(500), 'Internal server error. Please try again later.'],
    [reply(429, 'Too many attempts'), 'Too many attempts'],
    [reply(429), 'An unexpected error occurred.'],
    [{ kind: 'timeout' }, 'Network error. Please check your internet connection.'],
    [{ kind: 'network' }, 'Network error. Please check your internet connection.'],
    [{ kind: 'other', message: 'Bad JSON' }, 'Bad JSON'],
    [{ kind: 'other' }, 'An unexpected error occurred.'],
  ])('%j → %s', (failure, message) => {
    expect(authErrorMessage(failure)).toBe(message);
  });
});

describe('campaign and event call messages', () => {
  it.each<[RequestFailure, string, string]>([
    [reply(400, 'Bad title'), 'Bad title', 'Bad title'],
    [reply(400), 'Invalid request', 'Invalid request'],
    [reply(404), 'Campaign not found', 'Event not found'],
    [reply(500), 'Internal server error. Please try again later.', 'Internal server error. Please try again later.'],
    [reply(409, 'Conflict'), 'Conflict', 'Conflict'],
    [reply(503), 'Server error (503)', 'Server error (503)'],
    [{ kind: 'network' }, 'Network error. Please check your internet connection.', 'Network error. Please check your internet connection.'],
    [{ kind: 'other' }, 'An unexpected error occurred.', 'An unexpected error occurred.'],
  ])('%j → %s / %s', (failure, campaign, event) => {
    expect(campaignErrorMessage(failure)).toBe(campaign);
    expect(eventErrorMessage(failure)).toBe(event);
  });
});

describe('retries', () => {
  it.each<[string, number, RequestFailure, boolean]>([
    ['GET', 1, { kind: 'network' }, true],
    ['get', 2, { kind: 'timeout' }, true],
    ['GET', 3, { kind: 'network' }, false],
    ['GET', 1, reply(500), true],
    ['GET', 1, reply(404), false],
    ['GET', 1, reply(400), false],
    ['GET', 1, reply(499), false],
    ['POST', 1, { kind: 'network' }, false],
    ['DELETE', 1, reply(500), false],
  ])('%s after attempt %d, %j → %s', (method, attempt, failure, expected) => {
    expect(shouldRetry({ method, attempt, failure })).toBe(expected);
  });

  it.each([
    [1, 1000],
    [2, 2000],
    [3, 4000],
    [0, 1000],
  ])('delay after attempt %d is %d ms', (attempt, ms) => {
    expect(retryDelayMs(attempt)).toBe(ms);
  });
});
