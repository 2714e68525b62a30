import 'reflect-metadata';
import { runDistributedApp } from '@shipping/platform';
import { LABEL_ENVIRONMENT } from './label-environment';
import { LabelModule } from './label.module';

runDistributedApp({ name: 'label', module: LabelModule, ...LABEL_ENVIRONMENT });
