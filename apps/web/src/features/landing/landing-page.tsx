// Landing screen, its sections in the product's order (the footer is the app's own).
import { CtaSection } from './components/cta-section';
import { FaqSection } from './components/faq-section';
import { FeaturesSection } from './components/features-section';
import { HeroSection } from './components/hero-section';
import { HowItWorksSection } from './components/how-it-works-section';
import { IntegrationsSection } from './components/integrations-section';
import { SecuritySection } from './components/security-section';
import { StatsSection } from './components/stats-section';
import { TestimonialsSection } from './components/testimonials-section';
import { TrustBadgesSection } from './components/trust-badges-section';
import { UseCasesSection } from './components/use-cases-section';
import { VerifyWidget } from './components/verify-widget';

export function LandingPage() {
  return (
    <>
      <HeroSection />
      <StatsSection />
      <FeaturesSection />
      <HowItWorksSection />
      <TrustBadgesSection />
      <VerifyWidget />
      <UseCasesSection />
      <IntegrationsSection />
      <TestimonialsSection />
      <SecuritySection />
      <FaqSection />
      <CtaSection />
    </>
  );
}
