import 'reflect-metadata';
import { DistributedConfig, runDistributedApp } from '@shipping/platform';
import { LabelModule } from './label.module';

runDistributedApp({ name: 'label', module: LabelModule, config: DistributedConfig });
