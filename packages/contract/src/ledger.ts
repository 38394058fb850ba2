// The token statement's words, shared by the screen and the CSV download so that both name an
// operation alike (issue 33: the file said «Приветственные кредиты» where the screen said
// «Приветственный бонус»). Plain values without zod, like rules.ts, so the profile screen that
// uses them carries no schema (ADR 030).
import type { Language } from './paths.ts';
import type { LedgerReasonName } from './schemas.ts';

/** What each kind of statement entry is called, per interface language. */
export const ledgerReasonLabels: Record<Language, Record<LedgerReasonName, string>> = {
  ru: {
    welcome: 'Приветственный бонус',
    referral_bonus: 'Бонус за приглашённого друга',
    generation_debit: 'Генерация',
    generation_refund: 'Возврат за генерацию',
    training_debit: 'Обучение персонажа',
    training_refund: 'Возврат за обучение персонажа',
    prompt_improvement_debit: 'Улучшение промпта',
    prompt_improvement_refund: 'Возврат за улучшение промпта',
    payment_credit: 'Покупка кредитов',
    referral_commission: 'Доля от покупки друга',
    payment_reversal: 'Списание после возврата покупки',
    commission_reversal: 'Списание доли после возврата покупки друга',
    payment_reinstatement: 'Кредиты покупки восстановлены',
    commission_reinstatement: 'Доля от покупки друга восстановлена',
    adjustment: 'Корректировка',
  },
  en: {
    welcome: 'Welcome bonus',
    referral_bonus: 'Bonus for an invited friend',
    generation_debit: 'Generation',
    generation_refund: 'Generation refund',
    training_debit: 'Character training',
    training_refund: 'Character training refund',
    prompt_improvement_debit: 'Prompt improvement',
    prompt_improvement_refund: 'Prompt improvement refund',
    payment_credit: 'Credit purchase',
    referral_commission: 'Share of a friend’s purchase',
    payment_reversal: 'Taken back after a purchase refund',
    commission_reversal: 'Share taken back after a friend’s refund',
    payment_reinstatement: 'Purchase credits restored',
    commission_reinstatement: 'Share of a friend’s purchase restored',
    adjustment: 'Adjustment',
  },
};

/** How many characters of a generation's prompt a statement entry carries. */
export const statementPromptExcerpt = 80;
