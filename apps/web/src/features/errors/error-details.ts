import { isRouteErrorResponse } from 'react-router';

export interface ErrorDetails {
  message: string;
  status: number | null;
  stack: string | null;
  details: string | null;
}

function stringify(value: unknown): string | null {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value, null, 2);
  } catch {
    return String(value);
  }
}

/** Normalises whatever a route threw (Response, Error, string, anything) for the error page. */
export function getErrorDetails(error: unknown): ErrorDetails {
  if (isRouteErrorResponse(error)) {
    const data = stringify(error.data);
    return { message: error.statusText || data || `HTTP ${error.status}`, status: error.status, stack: null, details: data };
  }
  if (error instanceof Error) {
    const extra = error as Error & { status?: unknown; body?: unknown };
    const status = typeof extra.status === 'number' ? extra.status : null;
    const more = stringify(extra.body ?? extra.cause);
    return { message: error.message || error.name, status, stack: error.stack ?? null, details: more };
  }
  return { message: stringify(error) ?? 'Unknown error', status: null, stack: null, details: null };
}

/** The text of the downloadable error log. */
export function formatErrorLog(details: ErrorDetails, context: { url: string; userAgent: string; time: Date }): string {
  return [
    `Time: ${context.time.toISOString()}`,
    `URL: ${context.url}`,
    `User agent: ${context.userAgent}`,
    `Status: ${details.status ?? 'n/a'}`,
    `Message: ${details.message}`,
    details.details ? `Details:\n${details.details}` : null,
    details.stack ? `Stack:\n${details.stack}` : null,
  ]
    .filter(Boolean)
    .join('\n\n');
}
