#include "impact/ContactSpaceAdapter.h"

#include <optional>

namespace impactlab {

namespace {

std::optional<ContactEventKind> toContactEvent(ImpactEventKind kind) {
    switch (kind) {
        case ImpactEventKind::EndOfCompression: return ContactEventKind::EndOfCompression;
        case ImpactEventKind::Stick: return ContactEventKind::Stick;
        case ImpactEventKind::ResumedSlip: return ContactEventKind::ResumedSlip;
        case ImpactEventKind::InvariantDirection: return ContactEventKind::InvariantDirection;
        case ImpactEventKind::SlideToRoll: return ContactEventKind::SlideToRoll;
        case ImpactEventKind::EndOfImpact: return ContactEventKind::EndOfImpact;
    }
    return std::nullopt;
}

std::optional<ImpactEventKind> toImpactEvent(ContactEventKind kind) {
    switch (kind) {
        case ContactEventKind::EndOfCompression: return ImpactEventKind::EndOfCompression;
        case ContactEventKind::SlideToRoll: return ImpactEventKind::SlideToRoll;
        case ContactEventKind::Stick: return ImpactEventKind::Stick;
        case ContactEventKind::ResumedSlip: return ImpactEventKind::ResumedSlip;
        case ContactEventKind::InvariantDirection: return ImpactEventKind::InvariantDirection;
        case ContactEventKind::EndOfImpact: return ImpactEventKind::EndOfImpact;
        case ContactEventKind::RollToSlip:
        case ContactEventKind::EndOfRound: return std::nullopt;   // no single-contact twin
    }
    return std::nullopt;
}

}  // namespace

ContactSpaceProblem toContactSpace(const ImpactProblem& problem) {
    ContactSpaceProblem p;
    p.contacts = {{"", problem.friction, problem.restitution, RestitutionKind::Constant}};
    p.A = problem.W;
    p.vMinus = problem.vMinus;
    if (problem.bodies) {
        BodyContacts b;
        b.bodies = {problem.bodies->body1, problem.bodies->body2};
        BodyContactPoint c;
        c.body1 = 0;
        c.body2 = 1;
        c.point = problem.bodies->point;
        c.frame = problem.bodies->frame;
        b.contacts = {c};
        p.system = b.calcContactSystem();
        p.bodies = std::move(b);
    }
    return p;
}

ImpactProblem toSingleContact(const ContactSpaceProblem& problem) {
    const int nc = problem.getContactCount();
    if (nc != 1)
        throw InputError("contacts", "this model handles one contact, got " + std::to_string(nc) +
                                         " (several contacts need model 'plus')");
    const ContactParameters& c = problem.contacts.front();
    if (c.restitutionKind != RestitutionKind::Constant)
        throw InputError("contacts[0].restitution_min",
                         "a velocity-dependent restitution is read by model 'plus' only; "
                         "single-contact models take a constant \"restitution\"");
    ImpactProblem p;
    p.W = problem.getBlock(0, 0);
    p.vMinus = problem.getVelocity(0);
    p.friction = c.friction;
    p.restitution = c.restitution;
    if (problem.bodies && problem.bodies->contacts.size() == 1) {
        const BodyContactPoint& bc = problem.bodies->contacts.front();
        TwoBodyContact two;
        two.body1 = problem.bodies->bodies[bc.body1];
        two.body2 = problem.bodies->bodies[bc.body2];
        two.point = bc.point;
        two.frame = bc.frame;
        p.bodies = two;
    } else if (problem.system) {
        p.systemKineticEnergy = problem.system->calcKineticEnergy();
        if (problem.system->w.size() == 3 && !problem.system->w.isZero())
            p.obstacleVelocity = Vec3(-problem.system->w);
    }
    try {
        p.validate();
    } catch (const InputError& e) {
        if (e.field() == "W") throw InputError("A", "as the W of a single-contact model " + e.reason());
        throw;
    }
    p.W = 0.5 * (p.W + p.W.transpose());
    return p;
}

ContactSpaceResult toContactSpace(const ImpactResult& result, const ContactSpaceProblem& problem) {
    ContactSpaceResult r;
    r.model = result.model;
    r.impulse = result.impulse;
    r.vPlus = result.vPlus;
    r.energyBefore = result.energyBefore;
    r.energyAfter = result.energyAfter;
    r.rounds = 1;
    r.intervals = result.steps;
    for (const ImpactEvent& e : result.events) {
        const auto kind = toContactEvent(e.kind);
        if (!kind) continue;
        ContactEvent ev;
        ev.kind = *kind;
        ev.contact = *kind == ContactEventKind::EndOfImpact ? -1 : 0;
        ev.round = 1;
        ev.impulse = e.impulse;
        r.events.push_back(ev);
    }
    r.warnings = result.warnings;
    r.status = result.status;
    if (problem.system) r.uPlus = problem.system->calcVelocityAfter(r.impulse);
    if (problem.bodies) {
        if (result.bodiesAfter && problem.bodies->contacts.size() == 1) {
            std::vector<RigidBody> after = problem.bodies->bodies;
            after[problem.bodies->contacts[0].body1] = result.bodiesAfter->body1;
            after[problem.bodies->contacts[0].body2] = result.bodiesAfter->body2;
            r.bodiesAfter = after;
        } else {
            r.bodiesAfter = problem.bodies->calcBodiesAfter(r.impulse);
        }
    }
    return r;
}

ImpactResult toSingleContact(const ContactSpaceResult& result, const ImpactProblem& problem) {
    ImpactResult r;
    r.model = result.model;
    r.impulse = result.getImpulse(0);
    r.vPlus = result.getVelocityAfter(0);
    // The single-contact problem knows energies the contact-space one may not
    // (a system's kinetic energy, a moving obstacle's work).
    r.energyBefore = problem.calcEnergyBefore();
    r.energyAfter = r.energyBefore + problem.calcEnergyChange(r.impulse);
    r.relativeEnergyChange = problem.calcRelativeEnergyChange(r.impulse);
    bool compressionSeen = false;
    for (const ContactEvent& e : result.events) {
        const auto kind = toImpactEvent(e.kind);
        if (!kind || e.impulse.size() != 3) continue;
        ImpactEvent ev;
        ev.kind = *kind;
        ev.impulse = e.impulse;
        ev.normalImpulse = e.impulse(2);
        if (*kind == ImpactEventKind::EndOfCompression && !compressionSeen) {
            r.compressionImpulse = ev.impulse;
            compressionSeen = true;
        }
        r.events.push_back(ev);
    }
    r.warnings = result.warnings;
    r.status = result.status;
    r.steps = result.intervals;
    if (problem.bodies) r.bodiesAfter = problem.bodies->calcAfterImpulse(r.impulse);
    return r;
}

ContactSpaceTrace toContactSpace(const ImpactTrace& trace) {
    ContactSpaceTrace t;
    for (std::size_t i = 0; i < trace.samples.size(); ++i) {
        const TraceSample& s = trace.samples[i];
        ContactSpaceSample c;
        c.round = i == 0 ? 0 : 1;
        c.interval = static_cast<int>(i);
        c.energy = s.energy;
        ContactSample k;
        k.impulse = s.impulse;
        k.velocity = s.velocity;
        k.phase = s.phase == ImpactPhase::Compression ? ContactPhase::Compressing : ContactPhase::Expanding;
        k.slip = s.mode == ContactMode::Sticking ? ContactSlip::Rolling : ContactSlip::Sliding;
        k.active = true;
        c.contacts = {k};
        t.samples.push_back(c);
    }
    return t;
}

ImpactTrace toSingleContact(const ContactSpaceTrace& trace) {
    ImpactTrace t;
    for (const ContactSpaceSample& c : trace.samples) {
        if (c.contacts.empty()) continue;
        const ContactSample& k = c.contacts.front();
        TraceSample s;
        s.normalImpulse = k.impulse.z();
        s.impulse = k.impulse;
        s.velocity = k.velocity;
        s.energy = c.energy;
        s.mode = k.slip == ContactSlip::Rolling ? ContactMode::Sticking : ContactMode::Sliding;
        s.phase = k.phase == ContactPhase::Expanding ? ImpactPhase::Restitution : ImpactPhase::Compression;
        t.samples.push_back(s);
    }
    return t;
}

}  // namespace impactlab
