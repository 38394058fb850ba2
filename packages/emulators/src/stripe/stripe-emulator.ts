import type { FastifyPluginAsync } from 'fastify';
import { registerApi } from './api-routes.ts';
import { createDisputes } from './disputes.ts';
import { createEventSender } from './events.ts';
import { registerCheckoutPage } from './page-routes.ts';
import { createPayments } from './payments.ts';
import { clone, createStore } from './store.ts';
import type { NewRefundStatus, StripeEmulator, StripeEmulatorOptions } from './types.ts';

export { signatureHeader } from './events.ts';
export type { StripeEmulator, StripeEvent } from './types.ts';

/**
 * A Stripe Checkout emulator for the official SDK, put together from its parts: what it keeps
 * (`store.ts`), the request checks (`validation.ts`), sessions, payments and refunds
 * (`payments.ts`), disputes (`disputes.ts`), signed events (`events.ts`), the API
 * (`api-routes.ts`) and the hosted page (`page-routes.ts`, `page.ts`).
 */
export function createStripeEmulator(options: StripeEmulatorOptions): StripeEmulator {
  const baseUrl = () =>
    (typeof options.publicBaseUrl === 'function'
      ? options.publicBaseUrl()
      : options.publicBaseUrl
    ).replace(/\/+$/, '');
  const store = createStore();
  let newRefundStatus: NewRefundStatus = 'succeeded';
  let logger = options.logger;
  const events = createEventSender({
    webhookUrl: options.webhookUrl,
    webhookSecret: options.webhookSecret,
    fetch: options.fetch,
    retryDelaysMs: options.retryDelaysMs,
    logger: { warn: (obj, msg) => logger?.warn(obj, msg) },
  });
  const { emit } = events;
  const payments = createPayments(store, emit, baseUrl);
  const disputeSteps = createDisputes(store, payments.paidCharge);
  const {
    findSession,
    pay,
    settleAsync,
    expireOpen,
    expireStored,
    refundCharge,
    settlePendingRefund,
    paidCharge,
  } = payments;
  const { sessions, refunds, disputes, failures } = store;

  const plugin: FastifyPluginAsync = async (instance) => {
    logger ??= instance.log;
    instance.addHook('onClose', async () => events.close());
    await registerApi(instance, {
      secretKey: options.secretKey,
      store,
      payments,
      emit,
      newRefundStatus: () => newRefundStatus,
    });
    registerCheckoutPage(instance, {
      baseUrl,
      businessName: options.businessName,
      store,
      payments,
    });
  };

  return {
    plugin,
    getSession: (id) => {
      const stored = sessions.get(id);
      return stored ? clone(stored.session) : undefined;
    },
    listSessions: () => [...sessions.values()].map((stored) => clone(stored.session)),
    pay,
    async settleAsyncPayment(sessionId, outcome, delivery) {
      const stored = findSession(sessionId);
      await emit([settleAsync(stored, outcome)], delivery, null);
      return clone(stored.session);
    },
    async expire(sessionId, delivery) {
      const stored = expireOpen(sessionId);
      await expireStored(stored, delivery, null);
      return clone(stored.session);
    },
    async refund(sessionId, amountMinor, refundOptions = {}) {
      const { status, ...delivery } = refundOptions;
      const { refund, events: made } = refundCharge(
        paidCharge(sessionId),
        amountMinor,
        null,
        status ?? newRefundStatus,
      );
      await emit(made, delivery, null);
      return refund;
    },
    setRefundStatus(status) {
      newRefundStatus = status;
    },
    async settleRefund(refundId, outcome, delivery) {
      const { refund, event } = settlePendingRefund(refundId, outcome);
      await emit([event], delivery, null);
      return clone(refund);
    },
    async dispute(sessionId, disputeOptions = {}, delivery) {
      const { dispute, events: made } = disputeSteps.openDispute(sessionId, disputeOptions);
      await emit(made, delivery, null);
      return dispute.id;
    },
    async respondToDispute(disputeId, delivery) {
      const dispute = disputeSteps.findDispute(disputeId);
      await emit(disputeSteps.respond(dispute), delivery, null);
      return clone(dispute);
    },
    async escalateInquiry(disputeId, delivery) {
      const dispute = disputeSteps.findDispute(disputeId);
      await emit(disputeSteps.escalate(dispute), delivery, null);
      return clone(dispute);
    },
    async closeDispute(disputeId, outcome, delivery) {
      const dispute = disputeSteps.findDispute(disputeId);
      await emit(disputeSteps.close(dispute, outcome), delivery, null);
      return clone(dispute);
    },
    getDispute(disputeId) {
      const dispute = disputes.get(disputeId);
      return dispute ? clone(dispute) : undefined;
    },
    getRefund(refundId) {
      const refund = refunds.get(refundId);
      return refund ? clone(refund) : undefined;
    },
    setDelivery(delivery) {
      events.setDefaults(delivery);
    },
    deliveries: () => events.deliveries(),
    settled: () => events.settled(),
    failNext(count, status) {
      for (let index = 0; index < count; index++) failures.push(status);
    },
    clear() {
      store.clear();
      newRefundStatus = 'succeeded';
      events.clear();
    },
    async close() {
      events.close();
    },
  };
}
