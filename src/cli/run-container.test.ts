import { describe, expect, it } from 'vitest';
import { mapContainerArgs, type ContainerArgs } from './run-container.ts';

const none: ContainerArgs = {
  image: undefined,
  'image-port': undefined,
  'image-env': [],
  'image-wait': undefined,
  'image-timeout-ms': undefined,
  compose: undefined,
  'compose-service': undefined,
  'compose-port': undefined,
};

describe('mapContainerArgs', () => {
  it('asks for no container without --image or --compose', () => {
    expect(mapContainerArgs(none, {})).toBeUndefined();
  });

  it('maps --image with its port, environment, wait path, budget and DOCKER_HOST', () => {
    const args = { ...none, image: 'ckan:2.11', 'image-port': 8800, 'image-env': ['A=1', 'B=x=y'], 'image-wait': '/ok', 'image-timeout-ms': 5000 };
    expect(mapContainerArgs(args, { DOCKER_HOST: 'unix:///run/docker.sock' })).toEqual({
      kind: 'image',
      image: 'ckan:2.11',
      port: 8800,
      env: { A: '1', B: 'x=y' },
      waitPath: '/ok',
      startupTimeoutMs: 5000,
      dockerHost: 'unix:///run/docker.sock',
    });
  });

  it('maps --compose with its service and port', () => {
    expect(mapContainerArgs({ ...none, compose: 'stack.yaml', 'compose-service': 'ckan', 'compose-port': 5000 }, {})).toEqual({
      kind: 'compose',
      file: 'stack.yaml',
      service: 'ckan',
      port: 5000,
      env: {},
    });
  });

  it.each([
    [{ ...none, image: 'x', 'image-env': ['NOEQUALS'] }, '--image-env takes NAME=VALUE, got "NOEQUALS"'],
    [{ ...none, image: 'x', 'image-env': ['=v'] }, '--image-env takes NAME=VALUE, got "=v"'],
    [{ ...none, compose: 'stack.yaml', 'compose-port': 5000 }, '--compose needs --compose-service NAME and --compose-port N'],
    [{ ...none, 'compose-service': 'ckan' }, '--compose-service and --compose-port need --compose FILE'],
  ])('refuses %j with a usage error', (args, message) => {
    expect(() => mapContainerArgs(args, {})).toThrow(message);
  });
});
