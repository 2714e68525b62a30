import GithubSlugger from 'github-slugger';
import MarkdownIt from 'markdown-it';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const REPO_ROOT = resolve(__dirname, '..');
const README = join(REPO_ROOT, 'README.md');
const README_LIMIT_BYTES = 10_000;

const markdown = new MarkdownIt({ html: true });
type Token = ReturnType<typeof markdown.parse>[number];

const pages = [
  README,
  join(REPO_ROOT, 'bench/README.md'),
  ...readdirSync(__dirname, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.md'))
    .map((file) => join(__dirname, file)),
];
const tokensOf = (page: string) => markdown.parse(readFileSync(page, 'utf8'), {});
const name = (file: string) => relative(REPO_ROOT, file);

/** Every link and image target of a page, wherever it sits (tables and lists included). */
function targetsOf(tokens: Token[]): string[] {
  return tokens.flatMap((token) => [
    ...(token.type === 'link_open' ? [String(token.attrGet('href'))] : []),
    ...(token.type === 'image' ? [String(token.attrGet('src'))] : []),
    ...targetsOf(token.children ?? []),
  ]);
}

/** The anchors GitHub gives a page's headings. */
function anchorsOf(page: string): Set<string> {
  const slugger = new GithubSlugger();
  const tokens = tokensOf(page);
  return new Set(
    tokens.flatMap((token, index) =>
      token.type === 'heading_open'
        ? [slugger.slug((tokens[index + 1].children ?? []).map((child) => child.content).join(''))]
        : [],
    ),
  );
}

const isExternal = (target: string) => /^[a-z][a-z0-9+.-]*:/i.test(target);

/**
 * Every repository path a page names in backticks (`apps/label/src/label.module.ts`): a relative
 * path of at least two parts. Placeholders (`apps/label/src/carrier/<code>/`), packages
 * (`@shipping/testing`), routes and commands are no paths.
 */
function repositoryPathsIn(text: string): string[] {
  const inBackticks = [...text.matchAll(/`([^`\n]+)`/g)].map(([, content]) => content);
  return inBackticks.filter((content) => /^[A-Za-z0-9_.-]+(\/[A-Za-z0-9_.-]+)+\/?$/.test(content));
}

const relativeLinks = pages.flatMap((page) =>
  targetsOf(tokensOf(page))
    .filter((target) => !isExternal(target))
    .map((target) => ({ page, target })),
);

describe('the documentation', () => {
  it('has pages to check', () => {
    expect(pages.map(name)).toEqual(
      expect.arrayContaining(['README.md', 'bench/README.md', 'docs/architecture.md']),
    );
    expect(relativeLinks.length).toBeGreaterThan(20);
  });

  it.each(relativeLinks.map(({ page, target }) => [name(page), target]))(
    '%s links to %s, which exists in the repository',
    (page, target) => {
      const [path, anchor] = target.split('#');
      const file =
        path === '' ? join(REPO_ROOT, page) : resolve(dirname(join(REPO_ROOT, page)), decodeURI(path));
      expect(relative(REPO_ROOT, file)).not.toMatch(/^\.\./);
      expect(existsSync(file)).toBe(true);
      if (anchor && file.endsWith('.md')) expect([...anchorsOf(file)]).toContain(anchor);
      if (anchor) expect(statSync(file).isFile()).toBe(true);
    },
  );

  it.each(pages.map(name))('%s points at nothing outside the repository by path', (page) => {
    expect(readFileSync(join(REPO_ROOT, page), 'utf8')).not.toMatch(/\.\.\/shared\/|\/work\//);
  });
});

describe('the guides', () => {
  const limits: [string, number][] = [
    ['docs/operations.md', 25_000],
    ['docs/development.md', 25_000],
    ['bench/README.md', 10_000],
  ];

  it.each(limits)('%s stays under %i bytes', (page, limit) => {
    expect(Buffer.byteLength(readFileSync(join(REPO_ROOT, page), 'utf8'))).toBeLessThan(limit);
  });

  const guides = readdirSync(join(__dirname, 'guides'))
    .filter((file) => file.endsWith('.md'))
    .map((file) => join(__dirname, 'guides', file));

  it('are there to check', () => {
    expect(guides.map(name)).toEqual(
      expect.arrayContaining([
        'docs/guides/add-a-carrier.md',
        'docs/guides/add-a-webhook-event-type.md',
        'docs/guides/add-a-batch-rule.md',
      ]),
    );
  });

  it.each(guides.map(name))('%s names only files and folders that exist', (guide) => {
    const named = repositoryPathsIn(readFileSync(join(REPO_ROOT, guide), 'utf8'));
    expect(named.length).toBeGreaterThan(5);
    expect(named.filter((path) => !existsSync(join(REPO_ROOT, path)))).toEqual([]);
  });
});

describe('README.md', () => {
  const text = readFileSync(README, 'utf8');

  it(`is an entry point of at most ${README_LIMIT_BYTES} bytes`, () => {
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(README_LIMIT_BYTES);
  });

  it('starts with the command that runs the service and the one that runs the tests', () => {
    const [title, firstBlock] = tokensOf(README).filter((token) => token.level === 0 && token.nesting !== -1);
    expect(title.type).toBe('heading_open');
    expect(firstBlock.type).toBe('fence');
    const commands = firstBlock.content
      .split('\n')
      .filter((line) => /^\S/.test(line))
      .map((line) => line.split('#')[0].trim());
    expect(commands).toEqual(['npm install && npm start', 'npm install && npm test']);
  });

  it('names the scripts as package.json defines them', () => {
    const { scripts } = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8'));
    expect(scripts.start).toMatch(/ apps\/embedded\/src\/main\.ts$/);
    expect(scripts.test).toBe('node tools/run-tests.mjs');
  });
});
