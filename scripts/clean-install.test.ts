import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

// A fresh `npm ci` on the Node the README promises must print no warning (decision 018). npm warns EBADENGINE for
// every installed package whose `engines.node` excludes the running Node, and "install-scripts" for every package
// with an install script that `allowScripts` in package.json has not reviewed. Both facts are in the lockfile, so
// this test names the offending packages before anyone runs an install.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const rootPackage = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  engines: { node: string };
  allowScripts?: Record<string, boolean>;
};
const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, LockEntry>;
};

type LockEntry = {
  name?: string;
  version?: string;
  link?: boolean;
  optional?: boolean;
  engines?: { node?: string } | string[];
  hasInstallScript?: boolean;
};

/**
 * Optional packages npm leaves out on Node 20 without a word (it marks an optional package whose engines do not
 * match as not installable), each with the reason nothing here needs it. Anything else that fails is an error.
 */
const SKIPPED_OPTIONAL: Record<string, string> = {
  '@napi-rs/lzma-linux-x64-gnu':
    "rollup lists it for its own release builds (napi's cross toolchain); rollup never loads it at run time",
};

/** The oldest Node the project supports: the root package.json's engines, the one place the fact lives. */
const minimumNode = semver.minVersion(rootPackage.engines.node)!.version;

const installed = Object.entries(lock.packages)
  .filter(([key, entry]) => key !== '' && !entry.link)
  .map(([key, entry]) => ({ ...entry, name: entry.name ?? key.slice(key.lastIndexOf('node_modules/') + 'node_modules/'.length), key }));

const nodeRange = (entry: LockEntry): string | undefined =>
  entry.engines && !Array.isArray(entry.engines) ? entry.engines.node : undefined;

const excludesMinimum = (entry: LockEntry): boolean => {
  const range = nodeRange(entry);
  return range !== undefined && !semver.satisfies(minimumNode, range);
};

describe('every installed package supports the promised Node', () => {
  it('reads the minimum from package.json engines, and the README states the same one', () => {
    expect(semver.valid(minimumNode)).toBe(minimumNode);
    const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
    const [major, minor] = minimumNode.split('.');
    expect(readme).toContain(`Requires Node.js ${major}.${minor} or newer`);
  });

  it('reads the lockfile', () => {
    expect(installed.length).toBeGreaterThan(500);
    expect(installed.filter((entry) => nodeRange(entry) !== undefined).length).toBeGreaterThan(100);
  });

  it(`no package that npm ci installs requires a newer Node than the minimum (no EBADENGINE warning)`, () => {
    const offenders = installed
      .filter((entry) => !entry.optional && excludesMinimum(entry))
      .map((entry) => `${entry.name}@${entry.version} (${entry.key}) needs node ${nodeRange(entry)}`);
    expect(offenders, `Node ${minimumNode} is the promised minimum`).toEqual([]);
  });

  it('optional packages npm silently leaves out on the minimum Node are only the known, unneeded ones', () => {
    const skipped = installed.filter((entry) => entry.optional && excludesMinimum(entry));
    expect(skipped.map((entry) => entry.name).filter((name) => !(name in SKIPPED_OPTIONAL))).toEqual([]);
  });
});

describe('every install script has been reviewed', () => {
  /** npm's allowScripts keys: a bare name (every version) or name@range (the versions reviewed). */
  const reviewed = (name: string, version: string): boolean | undefined => {
    for (const [key, allowed] of Object.entries(rootPackage.allowScripts ?? {})) {
      const at = key.lastIndexOf('@');
      const [keyName, range] = at > 0 ? [key.slice(0, at), key.slice(at + 1)] : [key, undefined];
      if (keyName === name && (range === undefined || semver.satisfies(version, range))) return allowed;
    }
    return undefined;
  };

  it('each package with an install script is approved or denied in package.json allowScripts', () => {
    const withScripts = installed.filter((entry) => entry.hasInstallScript);
    expect(withScripts.map((entry) => entry.name)).toContain('esbuild');
    const unreviewed = withScripts
      .filter((entry) => reviewed(entry.name, entry.version!) === undefined)
      .map((entry) => `${entry.name}@${entry.version} (${entry.key})`);
    expect(unreviewed).toEqual([]);
  });
});
