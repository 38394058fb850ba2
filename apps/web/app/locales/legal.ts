import { addNamespace } from '~/lib/i18n';
import en from './en/legal.json';
import ru from './ru/legal.json';

addNamespace('legal', { en, ru });
