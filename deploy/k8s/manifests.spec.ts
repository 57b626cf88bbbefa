import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { ScaledObject } from '@kubernetes-models/keda/keda.sh/v1alpha1/ScaledObject';
import { Deployment } from 'kubernetes-models/apps/v1/Deployment';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler';
import { ConfigMap } from 'kubernetes-models/v1/ConfigMap';
import { Service } from 'kubernetes-models/v1/Service';
import { parseAllDocuments } from 'yaml';

/** The kinds the manifests may use, each with its schema-validating model. */
const MODELS: Record<string, new (data: never) => { validate(): void }> = {
  'v1/ConfigMap': ConfigMap,
  'v1/Service': Service,
  'apps/v1/Deployment': Deployment,
  'autoscaling/v2/HorizontalPodAutoscaler': HorizontalPodAutoscaler,
  'keda.sh/v1alpha1/ScaledObject': ScaledObject,
};

interface Manifest {
  file: string;
  apiVersion: string;
  kind: string;
  metadata: { name: string };
  spec?: Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- read-only checks below
}

function yamlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.yaml'))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

const manifests: Manifest[] = yamlFiles(__dirname).flatMap((file) =>
  parseAllDocuments(readFileSync(file, 'utf8')).map((document) => {
    if (document.errors.length) throw new Error(`${file}: ${document.errors[0].message}`);
    return { file: path.relative(__dirname, file), ...document.toJS() };
  }),
);
const named = (kind: string, name: string) =>
  manifests.find((manifest) => manifest.kind === kind && manifest.metadata.name === name);

interface ContainerPort {
  name: string;
  containerPort: number;
}
/** Where a pod serves /metrics and /health: its `internal` port when it has one, else its only one. */
const platformPort = (deployment: Manifest): ContainerPort => {
  const ports: ContainerPort[] = deployment.spec!.template.spec.containers[0].ports;
  return ports.find((port) => port.name === 'internal') ?? ports[0]!;
};

describe('deploy/k8s manifests', () => {
  it.each(
    manifests.map((manifest) => [`${manifest.file}: ${manifest.kind} ${manifest.metadata.name}`, manifest]),
  )('%s is valid against its schema', (_name, { file: _file, ...manifest }) => {
    const Model = MODELS[`${manifest.apiVersion}/${manifest.kind}`];
    expect(Model).toBeDefined();
    expect(() => new Model(manifest as never).validate()).not.toThrow();
  });

  it('catches an invalid manifest (the validation is real)', () => {
    const deployment = named('Deployment', 'posts')!;
    const broken = { ...deployment, spec: { ...deployment.spec, replicas: 'two' } };
    expect(() => new Deployment(broken as never).validate()).toThrow();
  });

  it('has a Deployment per service and the gateway, each selecting its own pods', () => {
    const services = readdirSync(path.join(__dirname, '../../services')).filter(
      (name) => name !== 'notifications',
    );
    for (const name of [...services, 'notifications-api', 'notifications-worker']) {
      const deployment = named('Deployment', name);
      expect(deployment).toBeDefined();
      expect(deployment!.spec!.template.metadata.labels).toMatchObject(
        deployment!.spec!.selector.matchLabels,
      );
      if (name !== 'notifications-worker')
        expect(named('Service', name)?.spec?.selector).toEqual(deployment!.spec!.selector.matchLabels);
    }
  });

  it("lets Prometheus scrape every pod's /metrics on its container port (the internal one if it has one)", () => {
    const deployments = manifests.filter((manifest) => manifest.kind === 'Deployment');
    expect(deployments.length).toBeGreaterThan(0);
    for (const deployment of deployments) {
      const template = deployment.spec!.template;
      const port = String(platformPort(deployment).containerPort);
      expect({ name: deployment.metadata.name, annotations: template.metadata.annotations }).toEqual({
        name: deployment.metadata.name,
        annotations: {
          'prometheus.io/scrape': 'true',
          'prometheus.io/port': port,
          'prometheus.io/path': '/metrics',
        },
      });
    }
  });

  it("keeps the gateway's /metrics and /health off its public port: probes and scrapes use the internal one", () => {
    const gateway = named('Deployment', 'gateway')!;
    const [container] = gateway.spec!.template.spec.containers;
    const internal = platformPort(gateway);
    expect(internal.name).toBe('internal');
    expect(container.env).toContainEqual({ name: 'INTERNAL_PORT', value: String(internal.containerPort) });
    expect(container.readinessProbe.httpGet.port).toBe('internal');
    expect(container.livenessProbe.httpGet.port).toBe('internal');
    // The Service (what the ingress reaches) exposes the public port alone.
    expect(
      named('Service', 'gateway')!.spec!.ports.map((port: { targetPort: string }) => port.targetPort),
    ).toEqual(['http']);
  });

  it('stops every pod gracefully: preStop waits for the endpoints, then SIGTERM has time to drain', () => {
    const deployments = manifests.filter((manifest) => manifest.kind === 'Deployment');
    for (const deployment of deployments) {
      const pod = deployment.spec!.template.spec;
      const wait = Number(pod.containers[0].lifecycle?.preStop?.exec?.command?.[1]);
      expect({ name: deployment.metadata.name, wait }).toEqual({ name: deployment.metadata.name, wait: 5 });
      // The grace period counts from preStop's start: what is left must cover the process's own drain.
      expect(pod.terminationGracePeriodSeconds - wait).toBeGreaterThanOrEqual(30);
    }
  });

  it('probes liveness on /health/live (which asks no dependency), and readiness on /health/ready except the gateway', () => {
    for (const deployment of manifests.filter((manifest) => manifest.kind === 'Deployment')) {
      const [container] = deployment.spec!.template.spec.containers;
      const name = deployment.metadata.name;
      // The gateway's /health/ready fails while any service or Redis is down (docs/operations.md).
      const ready = name === 'gateway' ? '/health/live' : '/health/ready';
      expect([name, container.livenessProbe?.httpGet?.path, container.readinessProbe?.httpGet?.path]).toEqual(
        [name, '/health/live', ready],
      );
    }
  });

  it('scales the notification workers on their consumer group’s lag, 1 to 6 (one per partition)', () => {
    const worker = named('Deployment', 'notifications-worker')!.spec!.template.spec.containers[0];
    expect(worker.env).toEqual(
      expect.arrayContaining([
        { name: 'NOTIFICATIONS_ROLE', value: 'worker' },
        { name: 'KAFKA_GROUP_ID', value: 'notifications-worker' },
      ]),
    );
    const scaled = named('ScaledObject', 'notifications-worker')!.spec!;
    expect(scaled.scaleTargetRef.name).toBe('notifications-worker');
    expect([scaled.minReplicaCount, scaled.maxReplicaCount]).toEqual([1, 6]);
    expect(scaled.triggers.map((trigger: { type: string }) => trigger.type)).toEqual(['kafka', 'cpu']);
    expect(scaled.triggers[0].metadata.consumerGroup).toBe('notifications-worker');
    const hpa = named('HorizontalPodAutoscaler', 'notifications-worker')!;
    expect(hpa.file).toBe(path.join('without-keda', 'notifications-worker-hpa.yaml'));
    expect([hpa.spec!.minReplicas, hpa.spec!.maxReplicas]).toEqual([1, 6]);
  });

  it('gives each workload the secrets it needs and no other (media: no session, OIDC or push secret)', () => {
    const secretsOf = (deployment: Manifest): string[] => {
      const [container] = deployment.spec!.template.spec.containers;
      const whole = (container.envFrom ?? [])
        .filter((source: { secretRef?: unknown }) => source.secretRef)
        .map((source: { secretRef: { name: string } }) => source.secretRef.name);
      const keys = (container.env ?? [])
        .filter((variable: { valueFrom?: { secretKeyRef?: unknown } }) => variable.valueFrom?.secretKeyRef)
        .map(
          (variable: { valueFrom: { secretKeyRef: { name: string; key: string } } }) =>
            `${variable.valueFrom.secretKeyRef.name}/${variable.valueFrom.secretKeyRef.key}`,
        );
      return [...whole, ...keys].sort();
    };
    const service = (name: string) => [`daybreak-database/${name}`, `daybreak-kafka/${name}`];
    const notifications = [
      ...service('notifications'),
      'daybreak-push-secrets',
      'daybreak-redis/notifications',
    ];
    const expected: Record<string, string[]> = {
      gateway: ['daybreak-gateway-secrets', 'daybreak-redis/gateway'],
      posts: [...service('posts'), 'daybreak-redis/posts'],
      social: service('social'),
      streaks: service('streaks'),
      media: service('media'),
      'notifications-api': notifications,
      'notifications-worker': notifications,
    };
    const deployments = manifests.filter((manifest) => manifest.kind === 'Deployment');
    expect(
      Object.fromEntries(deployments.map((deployment) => [deployment.metadata.name, secretsOf(deployment)])),
    ).toEqual(
      Object.fromEntries(Object.entries(expected).map(([name, secrets]) => [name, [...secrets].sort()])),
    );
  });

  it('reaches Kafka over TLS with SASL/SCRAM as one user per service, and Redis with a password', () => {
    const config = named('ConfigMap', 'daybreak-config')!;
    expect((config as unknown as { data: Record<string, string> }).data).toMatchObject({
      KAFKA_SSL: 'true',
      KAFKA_SASL_MECHANISM: 'scram-sha-512',
    });
    expect((config as unknown as { data: Record<string, string> }).data).not.toHaveProperty('REDIS_URL');
    for (const deployment of manifests.filter(
      (manifest) => manifest.kind === 'Deployment' && manifest.metadata.name !== 'gateway',
    )) {
      const [container] = deployment.spec!.template.spec.containers;
      const service = deployment.metadata.name.replace(/-(api|worker)$/, '');
      expect(container.env).toContainEqual({ name: 'KAFKA_SASL_USERNAME', value: service });
    }
  });

  it('gives the identity private key to the gateway alone, and each service its own database URL', () => {
    for (const deployment of manifests.filter((manifest) => manifest.kind === 'Deployment')) {
      const [container] = deployment.spec!.template.spec.containers;
      const secrets = (container.envFrom ?? []).map(
        (source: { secretRef?: { name: string } }) => source.secretRef?.name,
      );
      const name = deployment.metadata.name;
      expect(`${name}: ${secrets.includes('daybreak-gateway-secrets')}`).toBe(
        `${name}: ${name === 'gateway'}`,
      );
      const database = (container.env ?? []).find(
        (variable: { name: string }) => variable.name === 'DATABASE_URL',
      );
      if (name === 'gateway') expect(database).toBeUndefined();
      else
        expect(database.valueFrom.secretKeyRef).toEqual({
          name: 'daybreak-database',
          key: name.replace(/-(api|worker)$/, ''),
        });
    }
  });
});
