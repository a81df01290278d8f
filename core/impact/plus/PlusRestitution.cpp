#include "impact/plus/PlusRestitution.h"

namespace impactlab {

double calcPlusRestitution(double s, double eMin, const PlusOptions& o) {
    if (s < o.vCapture) return 0.0;
    if (s >= o.vPlastic) return eMin;
    return 1.0 - (1.0 - eMin) * s / o.vPlastic;   // line through (0, 1) and (v_plastic, e_min)
}

double calcPlusRestitution(double s, const ContactParameters& c, const PlusOptions& o) {
    return c.restitutionKind == RestitutionKind::Constant ? c.restitution
                                                           : calcPlusRestitution(s, c.restitution, o);
}

}  // namespace impactlab
