import type { BulletIcon } from '@kadr/contract';
import {
  Box,
  Check,
  Clock,
  Droplet,
  Heart,
  Leaf,
  type LucideIcon,
  Ruler,
  Shield,
  Snowflake,
  Star,
  Sun,
  Zap,
} from 'lucide-react';

/** The editor's picture of each bullet icon the renderer draws. */
export const bulletIconShapes: Readonly<Record<BulletIcon, LucideIcon>> = {
  check: Check,
  star: Star,
  leaf: Leaf,
  shield: Shield,
  drop: Droplet,
  bolt: Zap,
  heart: Heart,
  ruler: Ruler,
  box: Box,
  sun: Sun,
  snowflake: Snowflake,
  clock: Clock,
};
