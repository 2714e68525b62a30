import 'reflect-metadata';
import { runDistributedApp } from '@shipping/platform/distributed';
import { LABEL_ENVIRONMENT } from './label-environment';
import { LabelModule } from './label.module';

runDistributedApp({ name: 'label', module: LabelModule, ...LABEL_ENVIRONMENT });
