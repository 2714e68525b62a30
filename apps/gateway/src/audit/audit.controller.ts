import { Controller, Get, Inject, Optional } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { AUDIT_CONFIG, type AuditConfig, readAuditConfig } from '@shipping/platform/audit';
import { Public } from '../http';
import { ApiRoute } from '../openapi/api-route.decorator';

@ApiTags('Audit')
@Controller('audit')
export class AuditController {
  private readonly config: AuditConfig;

  constructor(@Optional() @Inject(AUDIT_CONFIG) config?: AuditConfig) {
    this.config = config ?? readAuditConfig();
  }

  /** Public: the keys audit checkpoints are signed with, so anyone can check a checkpoint they keep. */
  @ApiRoute({
    operationId: 'listAuditKeys',
    summary: 'The Ed25519 public keys that sign audit checkpoints',
    isPublic: true,
    success: { status: 200, data: 'AuditKeys' },
  })
  @Public()
  @Get('keys')
  keys() {
    return {
      keys: this.config.keys.map((key, index) => ({
        key_id: key.id,
        algorithm: 'Ed25519',
        public_key: key.publicKey,
        signing: index === 0,
      })),
    };
  }
}
