import { Controller, Get, Param, Res, StreamableFile } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { NotFound, Unavailable } from '@shipping/contracts';
import type { FastifyReply } from 'fastify';
import { SECURITY_HEADERS } from '../dashboard/security-headers';
import { Public } from '../http';
import { docsFile } from './docs-page';
import { OpenApiDocument } from './openapi-document';

/** The machine-readable description and its reference page: public, like the dashboard's files. */
@Public()
@ApiExcludeController()
@Controller()
export class OpenApiController {
  constructor(private readonly openApi: OpenApiDocument) {}

  @Get('openapi.json')
  document(@Res({ passthrough: true }) response: FastifyReply): StreamableFile {
    const document = this.openApi.get();
    if (!document) throw new Unavailable('The API description is not ready yet.');
    const content = Buffer.from(JSON.stringify(document));
    response.header('Cache-Control', 'no-cache');
    return new StreamableFile(content, { type: 'application/json; charset=utf-8', length: content.length });
  }

  @Get('docs')
  index(@Res({ passthrough: true }) response: FastifyReply): StreamableFile {
    return this.serve('index.html', response);
  }

  @Get('docs/:file')
  asset(@Param('file') name: string, @Res({ passthrough: true }) response: FastifyReply): StreamableFile {
    return this.serve(name, response);
  }

  private serve(name: string, response: FastifyReply): StreamableFile {
    const file = docsFile(name);
    if (!file) throw new NotFound('Not found.');
    response.headers(SECURITY_HEADERS);
    response.header('Cache-Control', 'no-cache');
    return new StreamableFile(file.content, { type: file.type, length: file.content.length });
  }
}
