/** Keys every label file store refuses: each could leave the label folder or is not a PDF. */
export const UNSAFE_LABEL_KEYS: unknown[] = [
  '../secret.pdf',
  'batches/../../secret.pdf',
  'batches/B1/../../../secret.pdf',
  '/tmp/labels/batches/B1/labels-1.pdf',
  '/etc/passwd.pdf',
  'batches\\B1\\labels-1.pdf',
  'batches//B1/labels-1.pdf',
  './batches/B1/labels-1.pdf',
  'batches/B1/notes.txt',
  'batches/B1/labels-1.pdf\0.pdf',
  'batches/B1',
  '',
  `${'a/'.repeat(300)}x.pdf`,
  ['batches', 'B1', 'labels-1.pdf'],
  42,
  null,
];
