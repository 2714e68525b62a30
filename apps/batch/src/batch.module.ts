import { Module } from '@nestjs/common';

/** The batch aggregate, asynchronous item validation, the ship process manager and the get-batch read model. Its handlers arrive with its own issue; the module is wired into both runtimes already. */
@Module({})
export class BatchModule {}
