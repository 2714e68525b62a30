import { Controller, Get, Param, Res, StreamableFile } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { NotFound } from '@shipping/contracts';
import type { FastifyReply } from 'fastify';
import { Public } from '../http';
import { DashboardFiles } from './dashboard-files';
import { SECURITY_HEADERS } from './security-headers';

/** The dashboard's static files: public, since they hold no data; the data needs an API key. */
@Public()
@ApiExcludeController()
@Controller('dashboard')
export class DashboardController {
  constructor(private readonly files: DashboardFiles) {}

  @Get()
  index(@Res({ passthrough: true }) response: FastifyReply): Promise<StreamableFile> {
    return this.serve('index.html', response);
  }

  @Get('*path')
  asset(
    @Param('path') segments: string | string[],
    @Res({ passthrough: true }) response: FastifyReply,
  ): Promise<StreamableFile> {
    return this.serve(Array.isArray(segments) ? segments.join('/') : segments, response);
  }

  private async serve(path: string, response: FastifyReply): Promise<StreamableFile> {
    const file = await this.files.file(path);
    if (!file) throw new NotFound('Not found.');
    response.headers(SECURITY_HEADERS);
    response.header('Cache-Control', file.immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    return new StreamableFile(file.content, { type: file.type, length: file.content.length });
  }
}
