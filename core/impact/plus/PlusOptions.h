#pragma once
// Options of the PLUS impact model (Uchida, Sherman & Delp 2015, Proc. R.
// Soc. A 471:20140859) with the paper's defaults (Table A1). alpha_min and the
// velocity tolerance are not in the paper; their values follow reference note
// B.4 (items 1, 2) and are argued below.
namespace impactlab {

// Sec. 3b and Fig. 14: "sequential" is the paper's model (impact rounds that
// let a compression travel from contact to contact); "simultaneous" makes
// every proximal contact that is not separating compress in the same round
// and expand in the next (row C of Fig. 14: Newton's cradle moves as one
// ball of equivalent mass). With a velocity-dependent COR, a contact that
// is touching but not approaching (v_n ~ 0) compresses with e(0) = 0.
enum class PlusImpactModel { Sequential, Simultaneous };
const char* toString(PlusImpactModel model);

struct PlusOptions {
    double vCapture = 0.01;     // m/s, approach speed below which e = 0 (Fig. 2; Table A1)
    double vPlastic = 0.1;      // m/s, approach speed from which e = e_min (Fig. 2; Table A1)
    double vTransition = 0.1;   // m/s, sliding-to-rolling transition speed (eq. 2.9; Table A1)
    double thetaMax = 0.01;     // rad, largest change of sliding direction in one interval (eq. 2.14; Table A1)
    // Smallest fraction of an interval taken when the direction limit binds
    // (eq. 2.14). 1e-3 reproduces the paper's 116 / 11 / 8 intervals of
    // Fig. 10 (their smallest alpha_DC is 0.0044); 0.01 would give 63.
    double alphaMin = 1e-3;
    // m/s: a contact is approaching when v_n < -velocityTolerance, and the
    // impact ends when no contact approaches by more than this (Algorithm 2).
    // A strict v_n > 0 never ends for a captured contact (e = 0, v_n = 0).
    double velocityTolerance = 1e-5;
    PlusImpactModel impactModel = PlusImpactModel::Sequential;
    int maxRounds = 1000;            // impact rounds; reported as iteration-limit when hit
    int maxIntervals = 100000;       // intervals over all rounds; reported when hit
    // Impending-slip direction (eq. 2.9); reported when hit. Newton with step
    // halving needs more than 20 iterations on strongly coupled contacts (1 in
    // 2000 random single contacts of tests/core/impact/test_law_guards.cpp); 100 costs
    // nothing where it converges sooner.
    int maxNewtonIterations = 100;
};

// m: contacts closer than this are proximal and take part in one impact
// (Fig. 6). The paper gives no value; Simbody's position fuzziness (1e-4 m)
// is reference note B.4.6's choice. Used by simulations that detect contacts.
inline constexpr double kPlusProximityTolerance = 1e-4;

}  // namespace impactlab
