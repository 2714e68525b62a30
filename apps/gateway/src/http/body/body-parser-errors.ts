import { AppError } from '@shipping/contracts';
import type { NextFunction, Request, Response } from 'express';

export const MALFORMED_JSON_MESSAGE = 'Malformed JSON body.';

interface BodyParserError {
  type: string;
  status: number;
}

/**
 * Turns body-parser's errors into AppErrors before Nest sees them: Nest would turn a JSON
 * syntax error into a BadRequestException carrying the parser's own text.
 */
export function bodyParserErrors(limit: string) {
  return (error: unknown, _request: Request, _response: Response, next: NextFunction): void => {
    next(isBodyParserError(error) ? translate(error, limit) : error);
  };
}

function translate(error: BodyParserError, limit: string): AppError {
  switch (error.type) {
    case 'entity.too.large':
      return new AppError('payload_too_large', `The request body is larger than the limit of ${limit}.`);
    case 'entity.parse.failed':
      return new AppError('bad_request', MALFORMED_JSON_MESSAGE);
    default:
      return new AppError('bad_request', 'The request body could not be read.');
  }
}

function isBodyParserError(error: unknown): error is BodyParserError {
  if (typeof error !== 'object' || error === null) return false;
  const { type, status } = error as Partial<BodyParserError>;
  return typeof type === 'string' && typeof status === 'number' && status >= 400 && status < 500;
}
