#include "impact/CompressionPlane.h"

#include <algorithm>
#include <cmath>

namespace impactlab {

namespace {
}

PaperFrameProblem toPaperFrame(const Mat3& W, const Vec3& vMinus, double mu) {
    static constexpr int kPaperToContract[3] = {2, 0, 1};   // (n, t, o) <- (t1, t2, n)
    PaperFrameProblem p;
    for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 3; ++j) p.A(i, j) = W(kPaperToContract[i], kPaperToContract[j]);
    p.b = -toPaperOrder(vMinus);
    p.mu = mu;
    return p;
}

void toContractFrame(const PaperFrameProblem& p, Mat3& W, Vec3& vMinus) {
    static constexpr int kPaperToContract[3] = {2, 0, 1};
    for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 3; ++j) W(kPaperToContract[i], kPaperToContract[j]) = p.A(i, j);
    vMinus = -toContractOrder(p.b);
}

const char* toString(ConicType conic) {
    switch (conic) {
        case ConicType::Ellipse: return "ellipse";
        case ConicType::Parabola: return "parabola";
        case ConicType::Hyperbola: return "hyperbola";
    }
    return "?";
}

CompressionPlane CompressionPlane::make(const PaperFrameProblem& p) {
    CompressionPlane c;
    const Mat3& A = p.A;
    c.mu = p.mu;
    c.Ann = A(0, 0);
    c.a = Vec2(A(0, 1), A(0, 2));
    c.aNorm = c.a.norm();
    c.grazing = std::abs(p.b(0)) <= kGrazingRelTol * p.b.norm();
    c.bn = c.grazing ? 0.0 : p.b(0);
    // Sec. 3.2: x_n eliminated on the plane a_n^T x = b_n.
    c.Ahat = A.bottomRightCorner<2, 2>() - c.a * c.a.transpose() / c.Ann;
    c.bhat = p.b.tail<2>() - c.a * (c.bn / c.Ann);
    // Eq. (6) and the conic type.
    const double coupling = c.mu * c.aNorm;
    c.alpha0 = std::atan2(c.a.y(), c.a.x());
    if (std::abs(c.Ann - coupling) <= kParabolaRelTol * c.Ann) {
        // Labelled a parabola, but the arc keeps its exact width: a hyperbola
        // within the tolerance has two rays ~sqrt(2 tol) rad apart, and taking
        // the exact ones keeps grazing minima exact (1e-9 brute-force checks).
        c.conic = ConicType::Parabola;
        c.deltaAlpha = coupling > c.Ann ? std::acos(-c.Ann / coupling) : kPi;
    } else if (c.Ann > coupling) {
        c.conic = ConicType::Ellipse;
        c.deltaAlpha = kPi;
    } else {
        c.conic = ConicType::Hyperbola;
        c.deltaAlpha = std::acos(-c.Ann / coupling);
    }
    return c;
}

TrigPoly2 CompressionPlane::calcStationarity() const {
    const Mat2 M = mu * (bn * Ahat - bhat * a.transpose());
    const Vec2 aPerp(-a.y(), a.x());
    const Vec2 aPerpM = M.transpose() * aPerp;   // (a_perp^T M)^T
    TrigPoly2 g;
    g.k0 = 0.5 * Ann * (M(1, 0) - M(0, 1)) - mu * Ann * aPerp.dot(bhat);
    g.k1c = -Ann * Ann * bhat.y() + mu * aPerpM.x();
    g.k1s = Ann * Ann * bhat.x() + mu * aPerpM.y();
    g.k2c = 0.5 * Ann * (M(1, 0) + M(0, 1));
    g.k2s = 0.5 * Ann * (M(1, 1) - M(0, 0));
    return g;
}

TrigPoly2 CompressionPlane::calcSlidingCondition() const {
    const double a1 = a.x(), a2 = a.y(), b1 = bhat.x(), b2 = bhat.y();
    TrigPoly2 h;
    h.k0 = -0.5 * mu * (a1 * b2 - a2 * b1);
    h.k1c = -Ann * b2;
    h.k1s = Ann * b1;
    h.k2c = mu * bn * Ahat(0, 1) - 0.5 * mu * (a1 * b2 + a2 * b1);
    h.k2s = 0.5 * mu * bn * (Ahat(1, 1) - Ahat(0, 0)) - 0.5 * mu * (a2 * b2 - a1 * b1);
    return h;
}

double CompressionPlane::calcPolynomialScale() const {
    // Largest product that enters either polynomial.
    const double A = std::max({Ann, mu * aNorm, mu * Ahat.cwiseAbs().maxCoeff()});
    const double B = std::max(std::abs(bn) * std::max(1.0, mu), bhat.norm());
    return A * std::max(Ann, mu * aNorm) * B + A * B;
}

AppendixAConstants calcAppendixAConstants(const PaperFrameProblem& p) {
    // Preclik, Eibl & Ruede, Appendix A, term by term.
    const Mat3& A = p.A;
    const double mu = p.mu, m2 = mu * mu, m4 = m2 * m2;
    const double Ann = A(0, 0), Ant = A(0, 1), Ano = A(0, 2), Att = A(1, 1), Ato = A(1, 2), Aoo = A(2, 2);
    const double bn = p.b(0), bt = p.b(1), bo = p.b(2);
    const double cross = Ant * bo - Ano * bt;
    AppendixAConstants k;
    k.c0 = 1.5 * mu * Ann * (Ano * bt - Ant * bo);
    const double c1sq =
        m4 * ((Ano * Ano * (Att * Att + Ato * Ato) - 2.0 * Ant * Ano * Ato * (Att + Aoo) +
               Ant * Ant * (Ato * Ato + Aoo * Aoo)) * bn * bn +
              2.0 * cross * (Ano * Ano * Ato + Ant * Ano * (Att - Aoo) - Ant * Ant * Ato) * bn +
              (Ant * Ant + Ano * Ano) * cross * cross) +
        2.0 * m2 * Ann *
            ((2.0 * Ant * Ano * Ato - Ano * Ano * Att - Ant * Ant * Aoo) * bn * bn +
             Ann * (Ano * (Att * bo - Ato * bt) - Ant * (Ato * bo - Aoo * bt)) * bn + Ann * cross * cross) +
        Ann * Ann * ((Ant * Ant + Ano * Ano) * bn * bn - 2.0 * Ann * (Ant * bt + Ano * bo) * bn +
                     Ann * Ann * (bt * bt + bo * bo));
    k.c1 = std::sqrt(std::max(c1sq, 0.0));
    const double c2sq = (0.25 * (Att * Att + Aoo * Aoo) + Ato * Ato - 0.5 * Att * Aoo) * bn * bn +
                        (Ano * (0.5 * (Att - Aoo) * bo - Ato * bt) - Ant * (Ato * bo + 0.5 * (Att - Aoo) * bt)) * bn +
                        0.25 * ((Ant * Ant + Ano * Ano) * bo * bo + (Ant * Ant + Ano * Ano) * bt * bt);
    k.c2 = mu * Ann * std::sqrt(std::max(c2sq, 0.0));
    k.phi1 = std::atan2(m2 * ((Ano * Ato - Ant * Aoo) * bn - Ano * Ano * bt + Ant * Ano * bo) - Ann * Ann * bt +
                            Ann * Ant * bn,
                        m2 * ((Ant * Ato - Ano * Att) * bn + Ant * Ano * bt - Ant * Ant * bo) - Ann * Ann * bo +
                            Ann * Ano * bn);
    k.phi2 = std::atan2((Att - Aoo) * bn - Ant * bt + Ano * bo, 2.0 * Ato * bn - Ano * bt - Ant * bo);
    return k;
}

}  // namespace impactlab
