import { Module } from '@nestjs/common';

/** Carrier labels, merged label files (100 a file) and signed label URLs. Its handlers arrive with its own issue; the module is wired into both runtimes already. */
@Module({})
export class LabelModule {}
