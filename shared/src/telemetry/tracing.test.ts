import { otlpTracesUrl } from './tracing';

describe('otlpTracesUrl', () => {
  it('when only the base endpoint is set, then traces go to its v1/traces path', () => {
    expect(otlpTracesUrl({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' })).toBe('http://collector:4318/v1/traces');
    expect(otlpTracesUrl({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318/otlp/' })).toBe('http://collector:4318/otlp/v1/traces');
  });

  it('when the traces endpoint is set, then it is used as given', () => {
    expect(otlpTracesUrl({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://tempo:4318/custom' })).toBe('http://tempo:4318/custom');
  });

  it('when neither is set, then nothing is exported', () => {
    expect(otlpTracesUrl({})).toBeUndefined();
  });
});
