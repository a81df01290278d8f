// Registration of the planar laws of Cataldo & Sampaio (2002) with their JSON
// options (docs/problem-format.md, "Law options"). Readers check types and unknown
// keys; the laws check ranges (both as InputError("<id>.<key>")).
#include <nlohmann/json.hpp>

#include "impact/planar/Brach.h"
#include "impact/planar/CataldoSampaio.h"
#include "impact/planar/GlockerPfeiffer.h"
#include "impact/planar/Kane.h"
#include "impact/planar/Smith.h"
#include "impact/planar/WangMason.h"
#include "laws/LawOptionReader.h"
#include "laws/LawRegistry.h"
#include "laws/LawIds.h"

namespace impactlab {

namespace {

using nlohmann::json;

constexpr const char* kPaper = "Cataldo & Sampaio, RIMNI 18(1) 111-192 (2002)";

// One law's options object: every key must be one the law documents (checked
// first, as these laws always have), then typed reads by key.
LawOptionReader makeReader(const std::string& law, const json& options, const std::vector<LawOptionInfo>& known) {
    LawOptionReader r(law, options);
    std::vector<std::string> names;
    for (const LawOptionInfo& o : known) names.push_back(o.name);
    r.rejectUnknownKeys(names);
    return r;
}

std::string jsonText(double x) { return json(x).dump(); }

LawInfo makeKane() {
    LawInfo law{toString(LawId::Kane), "Kane: Newton restitution, Coulomb friction on the final velocity (can gain energy)",
                std::string(kPaper) + " sec. 3.4; Kane (1984)",
                {{"mu_static", "null", "static coefficient mu_0 of the stick test |I_t| <= mu_0 I_n (dimensionless); null: the problem's friction"}},
                true, nullptr};
    law.solve = [options = law.options](const ImpactProblem& p, const json& o, ImpactTrace* t) {
        const LawOptionReader r = makeReader("kane", o, options);
        KaneOptions k;
        k.muStatic = r.readNumberOr("mu_static", std::nullopt);
        return solveKane(p, k, t);
    };
    return law;
}

LawInfo makeBrach() {
    const BrachOptions d;
    LawInfo law{toString(LawId::Brach),
                "Brach: Newton restitution, impulse ratio I_t = r I_n, moment coefficient e_m (couple needs body-level input)",
                std::string(kPaper) + " sec. 3.3, eq. 2.1; Brach (1989)",
                {{"impulse_ratio", "null",
                  "signed ratio r = I_t / I_n (dimensionless); null: Brach's critical ratio capped at the friction coefficient"},
                 {"e_m", jsonText(d.momentCoefficient),
                  "moment coefficient (dimensionless): -1 no moment impulse, >= 0 e_m I_theta = -(1 + e_m) J D_thetaE"}},
                true, nullptr};
    law.solve = [options = law.options](const ImpactProblem& p, const json& o, ImpactTrace* t) {
        const LawOptionReader r = makeReader("brach", o, options);
        BrachOptions b;
        b.impulseRatio = r.readNumberOr("impulse_ratio", std::nullopt);
        b.momentCoefficient = r.readNumberOr("e_m", b.momentCoefficient);
        return solveBrach(p, b, t);
    };
    return law;
}

LawInfo makeGlockerPfeiffer() {
    const GlockerPfeifferOptions d;
    LawInfo law{toString(LawId::GlockerPfeiffer),
                "Glocker-Pfeiffer: Poisson restitution, Coulomb friction per phase, reversible tangential impulse (e_t, nu)",
                std::string(kPaper) + " secs. 3.5-3.6; Glocker & Pfeiffer (1995)",
                {{"e_t", jsonText(d.tangentialRestitution),
                  "tangential restitution in [0, 1] (dimensionless); 0 with nu = 0: the first case"},
                 {"nu", jsonText(d.nu), "share of mu I_NE stored as reversible tangential impulse, in [0, 1] (dimensionless)"}},
                false, nullptr};
    law.solve = [options = law.options](const ImpactProblem& p, const json& o, ImpactTrace* t) {
        const LawOptionReader r = makeReader("glocker-pfeiffer", o, options);
        GlockerPfeifferOptions g;
        g.tangentialRestitution = r.readNumberOr("e_t", g.tangentialRestitution);
        g.nu = r.readNumberOr("nu", g.nu);
        return solveGlockerPfeiffer(p, g, t);
    };
    return law;
}

LawInfo makeWangMason() {
    const WangMasonOptions d;
    LawInfo law{toString(LawId::WangMason),
                "Wang-Mason: Routh's incremental process with Coulomb friction, Newton or Poisson termination, Table 3.2 modes",
                std::string(kPaper) + " sec. 3.7, Table 3.2; Wang & Mason (1992)",
                {{"termination", "\"poisson\"", "\"newton\" (v_n+ = -e v_n-) or \"poisson\" (I_n = (1 + e) I_nc)"},
                 {"max_steps", json(d.path.maxSteps).dump(), "integration step limit; reported when hit"}},
                true, nullptr};
    law.solve = [options = law.options](const ImpactProblem& p, const json& o, ImpactTrace* t) {
        const LawOptionReader r = makeReader("wang-mason", o, options);
        WangMasonOptions w;
        if (const auto term = r.readStringIfPresent("termination")) {
            if (*term == "newton") w.termination = WangMasonTermination::Newton;
            else if (*term == "poisson") w.termination = WangMasonTermination::Poisson;
            else throw InputError(r.field("termination"), "must be \"newton\" or \"poisson\", got \"" + *term + "\"");
        }
        if (const auto steps = r.readCountIfPresent("max_steps")) w.path.maxSteps = *steps;
        return solveWangMason(p, w, t);
    };
    return law;
}

LawInfo makeSmith() {
    LawInfo law{toString(LawId::Smith), "Smith: Newton restitution, friction by the average of pre- and post-impact slip (all roots listed)",
                std::string(kPaper) + " secs. 2.5.2, 3.8; Smith (1991)", {}, false, nullptr};
    law.solve = [](const ImpactProblem& p, const json& o, ImpactTrace* t) {
        const LawOptionReader r = makeReader("smith", o, {});
        return solveSmith(p, {}, t);
    };
    return law;
}

LawInfo makeCataldoSampaio() {
    const CataldoSampaioOptions d;
    LawInfo law{toString(LawId::CataldoSampaio),
                "C-S model (reconstructed): Poisson, Coulomb per phase, reversible tangential impulse, moment coefficient per phase",
                std::string(kPaper) + " sec. 5, eqs. 5.1-5.7 (text ends in 5.7; completed as documented)",
                {{"e_t", jsonText(d.tangentialRestitution), "tangential restitution in [0, 1] (dimensionless)"},
                 {"nu", jsonText(d.nu), "share of mu I_NE stored as reversible tangential impulse, in [0, 1] (dimensionless)"},
                 {"e_m_c", jsonText(d.momentCoefficientCompression),
                  "moment coefficient of compression (dimensionless): -1 no moment impulse, or >= 0"},
                 {"e_m_e", jsonText(d.momentCoefficientExpansion),
                  "moment coefficient of expansion (dimensionless): -1 no moment impulse, or >= 0"}},
                true, nullptr};
    law.solve = [options = law.options](const ImpactProblem& p, const json& o, ImpactTrace* t) {
        const LawOptionReader r = makeReader("cs", o, options);
        CataldoSampaioOptions c;
        c.tangentialRestitution = r.readNumberOr("e_t", c.tangentialRestitution);
        c.nu = r.readNumberOr("nu", c.nu);
        c.momentCoefficientCompression = r.readNumberOr("e_m_c", c.momentCoefficientCompression);
        c.momentCoefficientExpansion = r.readNumberOr("e_m_e", c.momentCoefficientExpansion);
        return solveCataldoSampaio(p, c, t);
    };
    return law;
}

}  // namespace

void appendPlanarLaws(std::vector<LawInfo>& laws) {
    laws.push_back(makeKane());
    laws.push_back(makeBrach());
    laws.push_back(makeGlockerPfeiffer());
    laws.push_back(makeWangMason());
    laws.push_back(makeSmith());
    laws.push_back(makeCataldoSampaio());
}

}  // namespace impactlab
