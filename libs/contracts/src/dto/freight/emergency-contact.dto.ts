import { DigitsField, StringField } from '../../validation';

export class EmergencyContact {
  @StringField()
  name!: string;

  @DigitsField(10, 15)
  phone!: string;
}
