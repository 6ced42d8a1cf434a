// tilelab kernel collection: CUDA-grep's parallelMatch: each block's thread 0 compiles a regular expression (infix to
// Source:  https://github.com/bkase/CUDA-grep/blob/fa6630eb0c3e782620ec3eaf989873dadc9a036b/pnfa.cu
//          (bkase/CUDA-grep, commit fa6630e, Manish Burman's and Brandon Kase's GPU grep after Russ Cox's Thompson NFA)
// Licence: MIT (the repository's LICENSE, "Copyright (c) 2012 - Manish Burman & Brandon Kase"), repeated below.
// postfix, then Thompson's construction into __shared__ states), then every thread simulates the NFA over its lines
// (grid-stride), one result byte a line; with several regular expressions, one after the other.
// Kept: pnfa.cu lines 2-264 (the device functions, the kernels parallelMatch and test), unchanged. Removed: pnfa.cu
//       line 1 (#include "putil.cu", whose device part is copied in above it, as the include puts it) and lines 265-end
//       (the host's pMatch: <<<512, 160>>>, test's launch commented out). Copied in, marked: nfautil.h lines 11-84 and 108
//       (the operator codes, the State / Ptrlist / Frag / List types, the State enum, u32), pnfa.cuh lines 9-20 (the list
//       macros, the __shared__ states / pnstate and the __device__ pmatchstate), putil.cu lines 8-153 (the device NFA
//       construction); their host-only includes (stdio, getopt, sys/time, cuda.h, driver_functions.h, regex.h) not.
// Selection, fixed before any run (collection/manifest.toml, the cugrep_ entries): the kernel the host launches,
// parallelMatch (test, whose launch pMatch comments out, stays in the file, unlaunched), launched as pMatch does,
// <<<512, 160>>>, time = 0; the inputs as nfa.cpp's main lays them out (lines NUL-separated in one buffer with a table
// of line starts; the regular expressions already simplified to the operator codes, NUL-separated, with their table):
// one regular expression over 400 lines, another over 400 lines, and both in one launch (the regex-file path).
//
// (MIT License)
//
//   Copyright (c) 2012 - Manish Burman & Brandon Kase
//
//   Permission is hereby granted, free of charge, to any person
//   obtaining a copy of this software and associated
//   documentation files (the "Software"), to deal in the
//   Software without restriction, including without limitation
//   the rights to use, copy, modify, merge, publish, distribute,
//   sublicense, and/or sell copies of the Software, and to
//   permit persons to whom the Software is furnished to do so,
//   subject to the following conditions:
//
//   The above copyright notice and this permission notice shall
//   be included in all copies or substantial portions of the
//   Software.
//
//   THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY
//   KIND, EXPRESS OR IMPLIED, INCLUDING BUT NOT LIMITED TO THE
//   WARRANTIES OF MERCHANTABILITY, FITNESS FOR A PARTICULAR
//   PURPOSE AND NONINFRINGEMENT.  IN NO EVENT SHALL THE AUTHORS
//   OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR
//   OTHER LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR
//   OTHERWISE, ARISING FROM, OUT OF OR IN CONNECTION WITH THE
//   SOFTWARE OR THE USE OR OTHER DEALINGS IN THE SOFTWARE.

// nfautil.h, lines 11-84
#define LINE_SIZE 200

#define ANY 0x15
#define CONCATENATE 0x1b
#define ALTERNATE 0x04
#define QUESTION 0x02
#define STAR 0x03
#define PLUS 0x01
#define PAREN_OPEN 0x05
#define PAREN_CLOSE 0x06

typedef struct State State;
struct State
{
	int c;
    int id;
	State *out;
	State *out1;
	
	State *dev;

	int lastlist;
	unsigned char free;
};


/*
 * Since the out pointers in the list are always 
 * uninitialized, we use the pointers themselves
 * as storage for the Ptrlists.
 */
typedef union Ptrlist Ptrlist;
union Ptrlist
{
	Ptrlist *next;
	State *s;
};


/*
 * A partially built NFA without the matching state filled in.
 * Frag.start points at the start state.
 * Frag.out is a list of places that need to be set to the
 * next state for this fragment.
 */
typedef struct Frag Frag;
struct Frag
{
	State *start;
	Ptrlist *out;
};

typedef struct List List;
struct List
{
	// only handle fixed number of states
	State *s[100];
	int n;
};

/*
 * Represents an NFA state plus zero or one or two arrows exiting.
 * if c == Match, no arrows out; matching state.
 * If c == Split, unlabeled arrows to out and out1 (if != NULL).
 * If c == Any, unlabeled arrows to out (if != NULL).
 * If c < 256, labeled arrow with character c to out.
 */
enum
{
	Match = 256,
	Split = 257,
    Any   = 258
};

// nfautil.h, line 108
typedef unsigned int u32;

// pnfa.cuh, lines 9-20
#define IS_EMPTY(l) (l->n == 0)
#define PUSH(l, state) l->s[l->n++] = state
#define POP(l) l->s[--(l->n)]; 

__device__ __shared__ State *states; /*this variable used in ppost2nfa
                            it must be local for each block
                            simple way to do this use __shared__
                          */
__device__ __shared__  int pnstate; /*this variable too must be local
                                            for each blocks*/

__device__ State pmatchstate = { Match };	/* matching state */

// putil.cu, lines 8-153
__device__ inline State* pstate(int , State *, State *);
__device__ inline Frag pfrag(State *, Ptrlist *);
__device__ inline Ptrlist* plist1(State **);
__device__ inline void ppatch(Ptrlist *, State *);
__device__ inline Ptrlist* pappend(Ptrlist *, Ptrlist *);
__device__ inline State* ppost2nfa(char *);


/* Allocate and initialize State */
__device__ inline State* pstate(int c, State *out, State *out1)
{
	State *s = (states + pnstate); // assign a state
	
	s->id = pnstate++;
	s->lastlist = 0;
	s->c = c;
	s->out = out;
	s->out1 = out1;
	
	// device pointer of itself
	// serves no real purpose other than to help transfer the NFA over
	s->dev = NULL;
	
	s->free = 0;
	return s;
}


/* Initialize frag struct. */
__device__ inline Frag
pfrag(State *start, Ptrlist *out)
{
	Frag n = { start, out };
	return n;
}

/* Create singleton list containing just outp. */
__device__ inline Ptrlist*
plist1(State **outp)
{
	Ptrlist *l;

	l = (Ptrlist*)outp;
	l->next = NULL;
	return l;
}

/* Patch the list of states at out to point to start. */
__device__ inline void
ppatch(Ptrlist *l, State *s)
{
	Ptrlist *next;

	for(; l; l=next){
		next = l->next;
		l->s = s;
	}
}

/* Join the two lists l1 and l2, returning the combination. */
__device__ inline Ptrlist*
pappend(Ptrlist *l1, Ptrlist *l2)
{
	Ptrlist *oldl1;

	oldl1 = l1;
	while(l1->next)
		l1 = l1->next;
	l1->next = l2;
	return oldl1;
}


/*
 * Convert postfix regular expression to NFA.
 * Return start state.
 */
 
__device__ inline State*
ppost2nfa(char *postfix)
{
	char *p;
	Frag stack[1000], *stackp, e1, e2, e;
	State *s;

	// fprintf(stderr, "postfix: %s\n", postfix);

	if(postfix == NULL)
		return NULL;

#define push(s) *stackp++ = s
#define pop() *--stackp

	stackp = stack;
	for(p=postfix; *p; p++){
		switch(*p){
            case ANY: /* any (.) */
				s = pstate(Any, NULL, NULL);
				push(pfrag(s, plist1(&s->out)));
				break;
			default:
				s = pstate(*p, NULL, NULL);
				push(pfrag(s, plist1(&s->out)));
				break;
			case CONCATENATE:	/* catenate */
				e2 = pop();
				e1 = pop();
				ppatch(e1.out, e2.start);
				push(pfrag(e1.start, e2.out));
				break;
			case ALTERNATE:	/* alternate (|)*/
				e2 = pop();
				e1 = pop();
				s = pstate(Split, e1.start, e2.start);
				push(pfrag(s, pappend(e1.out, e2.out)));
				break;
			case QUESTION:	/* zero or one (?)*/
				e = pop();
				s = pstate(Split, e.start, NULL);
				push(pfrag(s, pappend(e.out, plist1(&s->out1))));
				break;
			case STAR:	/* zero or more (*)*/
				e = pop();
				s = pstate(Split, e.start, NULL);
				ppatch(e.out, s);
				push(pfrag(s, plist1(&s->out1)));
				break;
			case PLUS:	/* one or more (+)*/
				e = pop();
				s = pstate(Split, e.start, NULL);
				ppatch(e.out, s);
				push(pfrag(e.start, plist1(&s->out1)));
				break;
		}
	}

	e = pop();
	if(stackp != stack)
		return NULL;

	ppatch(e.out, &pmatchstate);

	return e.start;
#undef pop
#undef push
}

// pnfa.cu, lines 2-264

__device__ inline void paddstate(List*, State*, List*);
__device__ inline void pstep(List*, int, List *);


__device__ __shared__ char buf[8000];

__device__ inline int pstrlen(char *str) {
	int len = 0; 
	while(*str != 0) {
		len ++;
		str += 1;
	}
	return len;
}

/*
 * Convert infix regexp re to postfix notation.
 * Insert ESC (or 0x1b) as explicit concatenation operator.
 * Cheesy parser, return static buffer.
 */
__device__ inline char * pre2post(char *re)
{
	int nalt, natom;
	char *dst;
	struct {
		int nalt;
		int natom;
	} paren[100], *p;
	
	p = paren;
	dst = buf;
	nalt = 0;
	natom = 0;
	
	int len = pstrlen(re);
	if(len >= sizeof buf/2)
		return NULL;
	for(; *re; re++){
		switch(*re){
		case PAREN_OPEN: // (
			if(natom > 1){
				--natom;
				*dst++ = CONCATENATE;
			}
			if(p >= paren+100)
				return NULL;
			p->nalt = nalt;
			p->natom = natom;
			p++;
			nalt = 0;
			natom = 0;
			break;
		case ALTERNATE: // |
			if(natom == 0)
				return NULL;
			while(--natom > 0)
				*dst++ = CONCATENATE;
			nalt++;
			break;
		case PAREN_CLOSE: // )
			if(p == paren)
				return NULL;
			if(natom == 0)
				return NULL;
			while(--natom > 0)
				*dst++ = CONCATENATE;
			for(; nalt > 0; nalt--)
				*dst++ = ALTERNATE;
			--p;
			nalt = p->nalt;
			natom = p->natom;
			natom++;
			break;
		case STAR: // *
		case PLUS: // +
		case QUESTION: // ?
			if(natom == 0)
				return NULL;
			*dst++ = *re;
			break;
		default:
			if(natom > 1){
				--natom;
				*dst++ = CONCATENATE;
			}	
			*dst++ = *re;
			natom++;
			break;
		}
	}
	if(p != paren)
		return NULL;
	while(--natom > 0)
		*dst++ = CONCATENATE;
	for(; nalt > 0; nalt--)
		*dst++ = ALTERNATE;
	*dst = 0;

	return dst;
}



/* Compute initial state list */
__device__ inline List*
pstartlist(State *start, List *l)
{
	l->n = 0;

	List addStartState;
	paddstate(l, start, &addStartState);
	return l;
}

/* Check whether state list contains a match. */
__device__ inline int
ispmatch(List *l)
{
	int i;

	for(i=0; i<l->n; i++) {
		if(l->s[i]->c == Match)
			return 1;
	}
	return 0;
}

/* Add s to l, following unlabeled arrows. */
	__device__ inline void
paddstate(List *l, State *s, List *addStateList)
{	
	addStateList->n = 0;
	PUSH(addStateList, s);
	/* follow unlabeled arrows */
	while(!IS_EMPTY(addStateList)) {	
	
		s = POP(addStateList);
	
		// lastlist check is present to ensure that if
		// multiple states point to this state, then only
		//one instance of the state is added to the list
		if(s == NULL);
		else if (s->c == Split) {
			PUSH(addStateList, s->out);
			PUSH(addStateList, s->out1);	
		}
		else {
			l->s[l->n++] = s;
		}
	}
}

/*
 * pstep the NFA from the states in clist
 * past the character c,
 * to create next NFA state set nlist.
 */
__device__ inline void
pstep(List *clist, int c, List *nlist)
{
	int i;
	State *s;
	nlist->n = 0;
	for(i=0; i<clist->n; i++){
		s = clist->s[i];
	
		if(s->c == c || s->c == Any){
			List addStartState;
			paddstate(nlist, s->out, &addStartState);
		}
	}
}

/* Run NFA to determine whether it matches s. */
__device__ inline int
pmatch(State *start, char *s, List *dl1, List *dl2)
{
	int c;
	List *clist, *nlist, *t;

	clist = pstartlist(start, dl1);
	nlist = dl2;
	for(; *s; s++){
		c = *s & 0xFF;
		pstep(clist, c, nlist);
		t = clist; clist = nlist; nlist = t;	// swap clist, nlist 
	
		// check for a match in the middle of the string
		//	if (ispmatch(clist))
			//return 1;

	}
	return ispmatch(clist);
}

/* Check for a string match at all possible start positions */
__device__ inline int panypmatch(State *start, char *s, List *dl1, List *dl2) { 
	int isMatch = pmatch(start, s, dl1, dl2);
/*	int index = 0;
	int len = pstrlen(s);	
	while (!isMatch && index < len) {
		isMatch = pmatch(start, s + index, dl1, dl2);
		index ++;
	}
*/	return isMatch;

}

__device__ __shared__ State *st;
__device__ __shared__ State s[100];

__global__ void parallelMatch(char * bigLine, u32 * tableOfLineStarts, int numLines, int numRegexs, int time, char *regexLines, u32 *regexTable, unsigned char * devResult) {

		for (int j = 0; j < numRegexs; j++) {
			//printf("%s\n", regexLines + regexTable[i]);

			if (threadIdx.x == 0) {
				pre2post(regexLines + regexTable[j]);

				char *postfix = buf;

				pnstate = 0;
				states = s;

				st = ppost2nfa(postfix);
			}

			__syncthreads();

			List d1;
			List d2;	


			int i;
			for (i = blockIdx.x * blockDim.x + threadIdx.x; i < numLines; i += gridDim.x * blockDim.x) { 

				char * lineSegment = bigLine + tableOfLineStarts[i];
				if (panypmatch(st, lineSegment, &d1, &d2)) 
					devResult[i] = 1;
				else
					devResult[i] = 0;

			}
		}
}


__global__ void test(char *bigLine, u32 *tableOfLineStarts, int numLines, unsigned char *devResult) {
		for (int k = 0; k <  2000; k++) {
		for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < numLines; i += gridDim.x * blockDim.x) { 
			char * lineSegment = bigLine + tableOfLineStarts[i];
			for (int j = 0; j < pstrlen(lineSegment); j ++) {
				if (lineSegment[i] == '\n')
					devResult[i] = 1;
				else
					devResult[i] = 0;
				break;
			}

		}
		}
}
