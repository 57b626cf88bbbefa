// The deployment manifests' spec (k8s/*.yaml against the Kubernetes and KEDA schemas); part of the unit stage.
module.exports = { ...require('../jest.preset.js'), testMatch: ['<rootDir>/**/*.spec.ts'] };
